import { defineTexts } from '@/i18n';

/** The money statuses of spec part 2, section 4 (deposits, transfers, withdrawals). */
export const statusBadgeTexts = defineTexts('status-badge', {
  en: { pending: 'Pending', declined: 'Declined', completed: 'Completed', unknown: 'Unknown' },
  sw: { pending: 'Inasubiri', declined: 'Imekataliwa', completed: 'Imekamilika', unknown: 'Haijulikani' },
});
