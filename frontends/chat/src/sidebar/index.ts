export { ChatSidebar, type ChatSidebarProps } from './chat-sidebar.tsx';
export { PhoneStatus } from './phone-status.tsx';
export { useIsMobile } from './use-is-mobile.ts';
