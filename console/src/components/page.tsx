import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { useT } from '../i18n/index.js';

let firstPage = true;

/**
 * A page's heading and body. After a client-side navigation focus moves to
 * the heading, so keyboard and screen-reader users start at the new page
 * instead of at the link they pressed.
 */
export function Page({ title, actions, children }: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPage) firstPage = false;
    else heading.current?.focus();
  }, []);
  useEffect(() => {
    document.title = `${title} · content-feed`;
  }, [title]);
  return (
    <>
      <div class="page-header">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions && <div class="page-actions">{actions}</div>}
      </div>
      {children}
    </>
  );
}

export function Section({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  const id = useId();
  return (
    <section class="card" aria-labelledby={id}>
      <div class="card-header">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Loading() {
  const t = useT();
  return (
    <p class="loading" role="status">
      {t('common.loading')}
    </p>
  );
}
