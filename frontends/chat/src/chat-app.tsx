import './chat.css';
import { useCallback, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConversationView } from './conversation/conversation-view.tsx';
import { useFillVisibleHeight, useVisualViewport } from './conversation/use-viewport.ts';
import { ChatSidebar } from './sidebar/index.ts';

/**
 * Exposed as `chat/ChatApp`, mounted for `/chat` (a new conversation) and `/chat/:sessionId`: the
 * sidebar (a column on wide screens, a drawer on phones) beside the conversation. The whole area
 * ends at the bottom of what is visible, so the composer stays in view above an on-screen keyboard.
 */
export default function ChatApp() {
  const { sessionId = null } = useParams<{ sessionId: string }>();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const viewport = useVisualViewport();
  useFillVisibleHeight(root, viewport.visibleHeight);
  // New chat starts the view over, even on /chat. Not keyed by the session: a conversation that
  // gets its session from its first message stays mounted while its reply streams in.
  const [newChats, setNewChats] = useState(0);

  const onNewChat = useCallback(() => {
    setNewChats((n) => n + 1);
    void navigate('/chat');
  }, [navigate]);

  return (
    <div
      ref={root}
      className={`iv-chat${viewport.keyboardOpen ? ' iv-chat--keyboard' : ''}`}
      data-remote="chat"
      data-keyboard={viewport.keyboardOpen || undefined}
    >
      <ChatSidebar
        activeSessionId={sessionId}
        onNewChat={onNewChat}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
      />
      <ConversationView
        key={newChats}
        sessionId={sessionId}
        keyboardOpen={viewport.keyboardOpen}
        sidebarOpen={drawerOpen}
        onOpenSidebar={() => setDrawerOpen(true)}
      />
    </div>
  );
}
