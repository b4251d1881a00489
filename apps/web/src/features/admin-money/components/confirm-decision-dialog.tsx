import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/form-dialog';

export interface ConfirmDecisionDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  isBusy?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}

/** Asks the operator to confirm a money decision; nothing happens until Confirm is pressed. */
export function ConfirmDecisionDialog(props: ConfirmDecisionDialogProps) {
  return (
    <Dialog open={props.isOpen} onOpenChange={(isOpen) => !props.isBusy && props.onOpenChange(isOpen)}>
      <DialogContent>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription asChild>
          <div>{props.description}</div>
        </DialogDescription>
        {props.children ? <div className="mt-4 flex flex-col gap-3">{props.children}</div> : null}
        <DialogActions closeLabel="Cancel" isBusy={props.isBusy ?? false} className="mt-5">
          <Button variant={props.confirmVariant ?? 'primary'} onClick={props.onConfirm} disabled={props.isBusy}>
            {props.isBusy ? 'Working...' : props.confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
