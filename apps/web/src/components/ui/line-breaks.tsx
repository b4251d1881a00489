import { Fragment } from 'react';

/** Lines of text with a line break between each two: a notification's message as the operator wrote it. */
export function LineBreaks({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}
