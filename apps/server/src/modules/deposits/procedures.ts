import type { Procedure } from '@tuzo/contracts';

const steps = (...descriptions: string[]) => descriptions.map((Description, i) => ({ Step: String(i + 1), Description }));
const HELP = 'Need help? Contact customer care from the Help menu and quote your transaction code.';

/**
 * Manual deposit procedures per country (abbreviation), per method name: [steps, pay-to line, help line]. Seeded
 * once; the operator edits them in settings (the Uganda numbers are placeholders to replace before going live).
 */
export function defaultProcedures(mpesaShortcode: string): Record<string, Record<string, Procedure>> {
  return {
    KE: {
      'M-Pesa Paybill': [
        steps(
          'Open the M-PESA menu on your phone (or the M-PESA app).',
          'Select Lipa na M-PESA, then Pay Bill.',
          `Enter Business Number ${mpesaShortcode}.`,
          'Enter your Tuzo username as the Account Number.',
          'Enter the amount and your M-PESA PIN, then confirm.',
          'Copy the transaction code from the confirmation SMS (for example QK12ABC3DE) and submit it under "Recover code".',
        ),
        `Paybill ${mpesaShortcode}, Account: your username`,
        HELP,
      ],
    },
    UG: {
      'MTN Mobile Money': [
        steps(
          'Dial *165# on your MTN line.',
          'Choose Send Money, then the Tuzo MTN number below.',
          'Enter the amount and your Mobile Money PIN.',
          'Copy the Financial Transaction Id from the confirmation SMS and submit it under "Recover code".',
        ),
        'MTN MoMo number: 0770 000 000 (TUZO) - operator to set',
        HELP,
      ],
      'Airtel Money': [
        steps(
          'Dial *185# on your Airtel line.',
          'Choose Send Money, then the Tuzo Airtel number below.',
          'Enter the amount and your PIN.',
          'Copy the TID from the confirmation SMS and submit it under "Recover code".',
        ),
        'Airtel Money number: 0700 000 000 (TUZO) - operator to set',
        HELP,
      ],
    },
  };
}
