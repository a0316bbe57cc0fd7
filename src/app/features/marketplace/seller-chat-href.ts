/**
 * The staff's link to a seller's support thread: /marketplace/chat opens (or starts) it
 * (docs/chat.md). Apart from seller-search, which the route tree loads at start.
 */
export const sellerChatHref = (seller: string) => `/marketplace/chat?${new URLSearchParams({ seller })}`;
