import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { useT } from '../i18n/index.js';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before something that cannot be undone. The native
 * <dialog> keeps focus inside, closes on Escape and gives focus back to the
 * button that opened it. Focus starts on Cancel: Enter never destroys by accident.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, danger, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancelButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div class="dialog-body">{children}</div>
      <div class="dialog-actions">
        <button type="button" class="button" ref={cancelButton} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" class={danger ? 'button button-danger' : 'button button-primary'} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
