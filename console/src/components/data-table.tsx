import type { ComponentChildren } from 'preact';
import { useT } from '../i18n/index.js';

/** A column's heading; `num` right-aligns the column's numbers. */
export type Column = string | { label: string; num: true };

interface DataTableProps<T> {
  columns: Column[];
  rows: T[];
  /** One `<tr>` per row. */
  children: (row: T, index: number) => ComponentChildren;
  /** Said instead of a table without rows (without it, the table shows its headings alone). */
  empty?: string;
  /** A last column for each row's buttons; its heading is for screen readers only. */
  actions?: boolean;
  /** For screen readers only. */
  caption?: string;
  class?: string;
}

/** A table of records: a heading per column (`scope="col"`), a row per record. */
export function DataTable<T>({ columns, rows, children, empty, actions, caption, class: className = 'table' }: DataTableProps<T>) {
  const t = useT();
  if (empty !== undefined && rows.length === 0) return <p class="empty">{empty}</p>;
  // A table wider than the page scrolls inside this box: the page itself never scrolls sideways.
  return (
    <div class="table-wrap">
      <table class={className}>
        {caption && <caption class="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th scope="col" key={column}>
                  {column}
                </th>
              ) : (
                <th scope="col" key={column.label} class="num">
                  {column.label}
                </th>
              ),
            )}
            {actions && (
              <th scope="col">
                <span class="visually-hidden">{t('common.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </div>
  );
}
