import { defineTexts } from '@/i18n';

/** The notifications page (the notifications' own texts come from the server in the member's language). */
export const notificationsTexts = defineTexts('notifications', {
  en: {
    title: 'Notifications',
    nothingUnread: 'Nothing unread',
    unread: '{count} unread',
    markAll: 'Mark all as read',
    failed: 'Failed to load notifications',
    tryAgain: 'Try again',
    empty: 'You have no notifications yet.',
    emptyPage: 'No notifications on this page.',
    list: 'Notifications, newest first',
    loading: 'Loading notifications',
    markedOne: 'Notification marked as read',
    markedMany: '{count, plural, one {{count} notification marked as read} other {{count} notifications marked as read}}',
    unreadBadge: 'Unread',
    markRead: 'Mark as read',
    markReadLabel: 'Mark as read: {text}',
    pagerNoun: 'notifications',
  },
  sw: {
    title: 'Arifa',
    nothingUnread: 'Hakuna arifa ambayo haijasomwa',
    unread: '{count, plural, one {{count} haijasomwa} other {{count} hazijasomwa}}',
    markAll: 'Weka zote kuwa zimesomwa',
    failed: 'Imeshindikana kupakia arifa',
    tryAgain: 'Jaribu tena',
    empty: 'Bado huna arifa.',
    emptyPage: 'Hakuna arifa kwenye ukurasa huu.',
    list: 'Arifa, mpya kwanza',
    loading: 'Inapakia arifa',
    markedOne: 'Arifa imewekwa alama kuwa imesomwa',
    markedMany:
      '{count, plural, one {Arifa {count} imewekwa alama kuwa imesomwa} other {Arifa {count} zimewekwa alama kuwa zimesomwa}}',
    unreadBadge: 'Haijasomwa',
    markRead: 'Weka kuwa imesomwa',
    markReadLabel: 'Weka kuwa imesomwa: {text}',
    pagerNoun: 'arifa',
  },
});
