import { useT } from '../i18n/index.js';
import { SERIES_COLOURS, type ChartSeries } from './stacked-bar-chart.js';

interface LineChartProps {
  title: string;
  categories: string[];
  categoryLabel: (category: string) => string;
  /** A null value is a gap (no data that day), not a zero. */
  series: (Omit<ChartSeries, 'values'> & { values: (number | null)[] })[];
  formatValue: (value: number) => string;
}

const WIDTH = 440;
const HEIGHT = 210;
const PAD = { top: 12, right: 8, bottom: 26, left: 48 };

/** One line per series over the categories (days), drawn by hand like the bar chart; its numbers are in a table beside it. */
export function LineChart({ title, categories, categoryLabel, series, formatValue }: LineChartProps) {
  const t = useT();
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  if (values.length === 0) return <p class="empty">{t('chart.empty')}</p>;
  const top = Math.max(...values) * 1.1 || 1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (categories.length === 1 ? plotWidth / 2 : (plotWidth * i) / (categories.length - 1));
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const labelEvery = Math.ceil(categories.length / 6);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line class="chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(f * top)} y2={y(f * top)} />
            <text class="chart-axis" x={PAD.left - 6} y={y(f * top) + 4} text-anchor="end">
              {formatValue(f * top)}
            </text>
          </g>
        ))}
        {categories.map((c, i) =>
          i % labelEvery === 0 ? (
            <text key={c} class="chart-axis" x={x(i)} y={HEIGHT - 8} text-anchor="middle">
              {categoryLabel(c)}
            </text>
          ) : null,
        )}
        {series.map((s) => {
          const colour = SERIES_COLOURS[s.colour % SERIES_COLOURS.length];
          const points = s.values.flatMap((v, i) => (v === null ? [] : [{ i, v }]));
          return (
            <g key={s.key}>
              <polyline fill="none" stroke={colour} stroke-width="2" points={points.map((p) => `${x(p.i)},${y(p.v)}`).join(' ')} />
              {points.map((p) => (
                <circle key={p.i} cx={x(p.i)} cy={y(p.v)} r="3" fill={colour}>
                  <title>{`${s.label}, ${categoryLabel(categories[p.i]!)}: ${formatValue(p.v)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <ul class="legend">
        {series.map((s) => (
          <li key={s.key}>
            <span class="swatch" data-colour={s.colour % SERIES_COLOURS.length} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
