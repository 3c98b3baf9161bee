import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api/client.js';
import { Problem } from './problem.js';

interface FormProps {
  class: string;
  /** The console checks the fields itself: no browser bubbles. */
  noValidate?: boolean;
  onSubmit: () => void;
  children: ComponentChildren;
}

/** A form the console submits itself, without loading a page. */
export function Form({ class: className, noValidate, onSubmit, children }: FormProps) {
  return (
    <form
      class={className}
      noValidate={noValidate}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A form's error unless its fields show it: with `fields`, unless one of them
 * has the server's message; without, unless the error is about any field.
 */
export function FormProblem({ error, fields }: { error: ApiError | undefined; fields?: string[] }) {
  if (!error) return null;
  const shownByFields = fields ? fields.some((name) => error.fieldMessage(name)) : error.fieldProblems.length > 0;
  return shownByFields ? null : <Problem error={error} compact />;
}
