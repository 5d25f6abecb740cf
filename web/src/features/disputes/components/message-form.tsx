import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { usePostTicketMessage } from '../api/post-ticket-message';

/** Writes a message on an open ticket; the list refetches once the server has it. A refusal shows above Send. */
export function MessageForm({ ticketId }: { ticketId: number }) {
  const [message, setMessage] = useState('');
  const post = usePostTicketMessage(ticketId);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate(message, { onSuccess: () => setMessage('') });
  };

  return (
    <form className="ticket-message-form" onSubmit={handleSubmit}>
      <label htmlFor="ticket-message">Your message</label>
      <textarea
        id="ticket-message"
        value={message}
        maxLength={5000}
        rows={3}
        onChange={(event) => setMessage(event.target.value)}
      />
      <FormError error={post.error} />
      <button type="submit" className="button" disabled={post.isPending || message.trim() === ''}>
        {post.isPending ? 'Sending ...' : 'Send message'}
      </button>
    </form>
  );
}
