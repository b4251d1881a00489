import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** What a tab's editor inputs take: the tab's form and its field errors (`useContentTab`). */
export interface ContentInputsProps<Fields extends FieldValues> {
  form: UseFormReturn<Fields, unknown, unknown>;
  errors: Record<string, string>;
}
