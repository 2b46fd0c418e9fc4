export { ChatSidebar, type ChatSidebarProps } from './chat-sidebar.tsx';
