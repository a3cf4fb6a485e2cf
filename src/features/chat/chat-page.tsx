import { PageHeader } from '../../components/page-header.tsx';

/** The event's Group Chat page (route `/events/{id}/chat`). */
export function ChatPage() {
  return (
    <PageHeader
      title="Group Chat"
      description="Talk things over with the whole crew in one thread. Messages you write offline are sent when you are back in range."
    />
  );
}
