import { defineTexts } from '@/i18n';

/** The pager's words; the numbers arrive already formatted. `noun` is the caller's word for the rows. */
export const pagerTexts = defineTexts('pager', {
  en: {
    pageOf: 'Page {page} of {pages}',
    rangeOf: '{first}–{last} of {total}',
    pagesOf: 'Pages of {noun}',
    previous: 'Previous',
    previousOf: 'Previous page of {noun}',
    next: 'Next',
    nextOf: 'Next page of {noun}',
  },
  sw: {
    pageOf: 'Ukurasa {page} kati ya {pages}',
    rangeOf: '{first}–{last} kati ya {total}',
    pagesOf: 'Kurasa za {noun}',
    previous: 'Nyuma',
    previousOf: 'Ukurasa uliotangulia wa {noun}',
    next: 'Mbele',
    nextOf: 'Ukurasa unaofuata wa {noun}',
  },
});
