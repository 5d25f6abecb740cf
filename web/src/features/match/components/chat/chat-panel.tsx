import { matchChatChannel } from '@versus/common/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { useChannelEvent, usePresence } from '@/hooks/use-echo';
import { addChatMessage, useChatMessages, useSendChatMessage } from '../../api/chat';
import { matchKeys } from '../../api/match-keys';
import type { PresenceUserInfo as OnlineUser } from '@versus/common/api/chat';
import { ChatMessageItem } from './chat-message-item';
import { OnlineUsers } from './online-users';

/** The first scroll to the newest message waits for the list to lay out. */
const SCROLL_AFTER_LOAD_MS = 150;

interface ChatPanelProps {
  matchId: number;
  canType: boolean;
  /** Visitors see no chat: reading and presence need a session. */
  signedIn: boolean;
}

/** The match chat: history (newest at the bottom), live messages, who is online, and the input. */
export function ChatPanel({ matchId, canType, signedIn }: ChatPanelProps) {
  const queryClient = useQueryClient();
  const channel = signedIn ? matchChatChannel(matchId) : null;
  const messages = useChatMessages(matchId, signedIn);
  const send = useSendChatMessage(matchId);
  const online = usePresence<OnlineUser>(channel, { refetch: [matchKeys.chat(matchId)] });
  useChannelEvent(channel, 'OnMessageSend', ({ message }) => addChatMessage(queryClient, matchId, message));
  const [draft, setDraft] = useState('');
  const chatErrorId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const loadedOnce = useRef(false);

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    if (!messages.isSuccess) return;
    const scroll = () => {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    };
    if (loadedOnce.current) {
      scroll();
      return;
    }
    loadedOnce.current = true;
    const timer = setTimeout(scroll, SCROLL_AFTER_LOAD_MS);
    return () => clearTimeout(timer);
  }, [messages.isSuccess, count]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // No client-side check of an empty message; the input clears at once. A refused message (too long,
    // too fast, no longer allowed) comes back into the input, unless something new was typed meanwhile,
    // and the reason shows under it.
    const text = draft;
    setDraft('');
    send.mutate(text, { onError: () => setDraft((current) => (current === '' ? text : current)) });
  };

  if (!signedIn) return null;
  return (
    <section className="match-card chat-panel" aria-labelledby="chat-heading">
      <h2 id="chat-heading">Chat</h2>
      <div className="chat-body">
        <ol className="chat-list" ref={listRef} aria-label="Messages" tabIndex={0}>
          {messages.data?.map((message) => (
            <ChatMessageItem key={message.id} message={message} />
          ))}
        </ol>
        <OnlineUsers users={online} />
      </div>
      {canType && (
        <form className="chat-form" onSubmit={handleSubmit}>
          <input
            className="field-input chat-input"
            aria-label="Message"
            placeholder="Start typing ..."
            value={draft}
            maxLength={500}
            aria-invalid={send.isError || undefined}
            aria-describedby={send.isError ? chatErrorId : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button
            type="submit"
            className="button button-primary chat-send"
            aria-label="Send"
            aria-busy={send.isPending || undefined}
            disabled={send.isPending}
          >
            {send.isPending ? <span className="spinner" aria-hidden="true" /> : 'Send'}
          </button>
        </form>
      )}
      {canType && <FormError id={chatErrorId} error={send.error} />}
    </section>
  );
}
