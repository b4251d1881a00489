import { ConfirmEmailPage } from '@/features/my-data';

/** /confirm-email?token=: the link mailed to a new email address. */
export default function ConfirmEmailRoute() {
  return <ConfirmEmailPage />;
}
