import { CoursePage } from '@/features/lessons';

/** Forex (/forex): the forex course and the live currency charts. */
export default function ForexRoute() {
  return <CoursePage kind="forex" />;
}
