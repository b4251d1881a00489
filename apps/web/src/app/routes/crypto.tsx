import { CoursePage } from '@/features/lessons';

/** Crypto (/crypto): the crypto course, the live chart and the screener. */
export default function CryptoRoute() {
  return <CoursePage kind="crypto" />;
}
