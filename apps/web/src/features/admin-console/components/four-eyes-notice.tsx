import { useCurrentUser } from '@/lib/session';
import { useFourEyes } from '../api/four-eyes';

/**
 * On every console page while fewer than two operators can sign in (decision 044): four-eyes cannot work yet, so
 * every request waits. A second operator is added on the server (`npm run staff:enrol`), never by the console alone.
 */
export function FourEyesNotice() {
  const { userdetails } = useCurrentUser();
  const { data } = useFourEyes(userdetails.is_totp_enrolled === true);
  if (!data || data.can_work) return null;
  return (
    <div
      role="status"
      data-testid="four-eyes-notice"
      className="border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:px-5"
    >
      Four-eyes cannot work yet: only {data.operators === 1 ? 'one operator' : `${data.operators} operators`} can sign in.
      Requests above the limit, staff and money-control setting changes wait until a second operator exists; whoever runs the
      server adds one with <code>npm run staff:enrol</code>.
    </div>
  );
}
