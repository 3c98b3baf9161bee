import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from './confirm-dialog.js';

interface ConfirmButtonProps {
  /** The button's text, and the dialog's confirming button's. */
  label: string;
  /** The dialog's question. */
  title: string;
  /** What the dialog explains (and an error, if the last try failed). */
  children: ComponentChildren;
  pending: boolean;
  /** Does it, resolving whether it worked: the dialog closes, or stays open on the error. */
  onConfirm: () => Promise<boolean>;
  class?: string;
}

/** A button for something that cannot be undone: it asks first (ConfirmDialog), then does it. */
export function ConfirmButton({
  label,
  title,
  children,
  pending,
  onConfirm,
  class: className = 'button button-danger-outline',
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={label}
        danger
        pending={pending}
        onCancel={() => setOpen(false)}
        onConfirm={() => void onConfirm().then((done) => done && setOpen(false))}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
