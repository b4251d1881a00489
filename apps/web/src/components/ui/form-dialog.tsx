import type { FormEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog';

export interface DialogActionsProps {
  /** The closing button's words ("Back", "Cancel"). */
  closeLabel: string;
  /** While a request runs, no button can be pressed. */
  isBusy: boolean;
  className?: string;
  /** The confirming button(s), after the closing one. */
  children: ReactNode;
}

/** The foot of a dialog: the closing button, then the confirming one (stacked on phones, in a row from `sm`). */
export function DialogActions({ closeLabel, isBusy, className = 'mt-2', children }: DialogActionsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <DialogClose asChild>
        <Button variant="outline" disabled={isBusy}>
          {closeLabel}
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}

export interface FormDialogProps {
  isOpen: boolean;
  /** Called when the dialog is dismissed; never while a request runs. */
  onClose: () => void;
  isBusy: boolean;
  title: string;
  /** What confirming does, shown under the title. */
  description: ReactNode;
  /** The form's accessible name. */
  formLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  submitVariant?: ButtonVariant;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog around one small form (a reason, a note): its fields, then "Back" and the submit button. */
export function FormDialog(props: FormDialogProps) {
  const { isOpen, onClose, isBusy, title, description, formLabel, onSubmit, submitLabel, busyLabel, submitVariant } = props;
  return (
    <Dialog open={isOpen} onOpenChange={(next) => !next && !isBusy && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-col gap-2">{description}</div>
        </DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-3" aria-label={formLabel}>
          {props.children}
          <DialogActions closeLabel="Back" isBusy={isBusy}>
            <Button type="submit" variant={submitVariant} disabled={isBusy}>
              {isBusy ? busyLabel : submitLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
