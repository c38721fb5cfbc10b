import type { ReactNode } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { Button } from './button';

/**
 * A form's last lines: why sending failed, in the reader's words, unless the form's own fields
 * already say all of it (every per-field message is on a field in `shownFields`), and the send
 * button, which takes no second press while sending.
 */
export function FormSend({
  sending,
  shownFields,
  failure,
  children,
}: {
  /** The mutation that sends the form. */
  sending: { isPending: boolean; isError: boolean; error: unknown };
  shownFields: readonly string[];
  /** What is said when the server gives no reason of its own. */
  failure: string;
  children: ReactNode;
}) {
  const say = useMessageText();
  const fields = Object.keys(fieldErrors(sending.error));
  const fieldsSayIt = fields.length > 0 && fields.every((name) => shownFields.includes(name));
  return (
    <>
      {sending.isError && !fieldsSayIt && (
        <p role="alert" className="text-sm text-danger">
          {say(errorMessage(sending.error, failure))}
        </p>
      )}
      <Button type="submit" disabled={sending.isPending} className="justify-self-start">
        {children}
      </Button>
    </>
  );
}
