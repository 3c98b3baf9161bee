import { useT } from '../i18n/index.js';

export interface ChartSeries {
  key: string;
  label: string;
  values: number[];
  /** Index into SERIES_COLOURS: the same thing keeps its colour across charts. */
  colour: number;
}

interface StackedBarChartProps {
  title: string;
  categories: string[];
  categoryLabel: (category: string) => string;
  series: ChartSeries[];
  formatValue: (value: number) => string;
}

/** Fills with at least 3:1 contrast on white (WCAG 1.4.11), distinct for the common colour-vision deficiencies. */
export const SERIES_COLOURS = ['#1d4ed8', '#c2410c', '#047857', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#475569'];

// About the width the chart is drawn at on a 1280 px screen, so 11 px text stays 11 px.
const WIDTH = 440;
const HEIGHT = 210;
const PAD = { top: 12, right: 6, bottom: 26, left: 48 };

/** 0, then the smallest 1/2/5 × 10^k at or above `value`. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** Per category, one bar stacked by series; drawn by hand (no chart library: a few hundred bytes). */
export function StackedBarChart({ title, categories, categoryLabel, series, formatValue }: StackedBarChartProps) {
  const t = useT();
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const top = niceCeiling(Math.max(0, ...totals));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, categories.length);
  const barWidth = Math.max(2, Math.min(28, slot * 0.7));
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const labelEvery = Math.ceil(categories.length / 7);
  const grand = totals.reduce((a, b) => a + b, 0);

  return (
    <figure class="chart">
      {grand === 0 ? (
        <p class="empty">{t('chart.empty')}</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('chart.summary', { title, total: formatValue(grand) })}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line class="chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
                <text class="chart-axis" x={PAD.left - 6} y={y(tick) + 4} text-anchor="end">
                  {formatValue(tick)}
                </text>
              </g>
            ))}
            {categories.map((category, i) => {
              let base = 0;
              const x = PAD.left + slot * i + (slot - barWidth) / 2;
              return (
                <g key={category}>
                  <title>{`${categoryLabel(category)}: ${formatValue(totals[i] ?? 0)}`}</title>
                  {series.map((s) => {
                    const value = s.values[i] ?? 0;
                    if (value <= 0) return null;
                    const y0 = y(base);
                    base += value;
                    return (
                      <rect
                        key={s.key}
                        x={x}
                        y={y(base)}
                        width={barWidth}
                        height={Math.max(1, y0 - y(base))}
                        fill={SERIES_COLOURS[s.colour % SERIES_COLOURS.length]}
                      />
                    );
                  })}
                  {i % labelEvery === 0 && (
                    <text class="chart-axis" x={x + barWidth / 2} y={HEIGHT - 8} text-anchor="middle">
                      {categoryLabel(category)}
                    </text>
                  )}
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
          <details class="chart-data">
            <summary>{t('chart.showTable')}</summary>
            <div class="table-wrap">
              <table class="table table-compact">
                <thead>
                  <tr>
                    <th scope="col">{t('chart.day')}</th>
                    {series.map((s) => (
                      <th scope="col" key={s.key} class="num">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {categories.map((category, i) => (
                    <tr key={category}>
                      <th scope="row">{categoryLabel(category)}</th>
                      {series.map((s) => (
                        <td key={s.key} class="num">
                          {formatValue(s.values[i] ?? 0)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
