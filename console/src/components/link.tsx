import type { ComponentChildren } from 'preact';
import { navigate } from '../lib/router.js';

/** An ordinary link that the console follows without reloading (modified clicks still open tabs). */
export function Link(props: {
  href: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: 'page' | undefined;
  onClick?: () => void;
}) {
  const { href, children, onClick, ...rest } = props;
  return (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        onClick?.();
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
