import type { Figure } from '@app/contracts/sponsor-reports';
import type { ReactNode } from 'react';
import { gapText, sourceText } from './figure-text';

/**
 * One figure of a standalone document: its label, its value (or why it is missing), a detail line, and where and
 * when it was read. A definition list's group (`<div>` inside the `<dl class="figures">`).
 */
export function FigureCard<T>({
  label,
  figure,
  value,
  detail,
}: {
  label: string;
  figure: Figure<T>;
  value: (value: T) => string;
  detail?: (value: T) => ReactNode;
}) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      {figure.available ? (
        <>
          <dd className="value">{value(figure.value)}</dd>
          {detail ? <dd className="detail">{detail(figure.value)}</dd> : null}
          <dd className="source">{sourceText(figure)}</dd>
        </>
      ) : (
        <dd className="missing">{gapText(figure)}</dd>
      )}
    </div>
  );
}

/** A figure that is a list or a chart: its heading, and the content or why it is missing, and its source. */
export function FigureBlock<T>({
  title,
  figure,
  children,
}: {
  title: string;
  figure: Figure<T>;
  children: (value: T) => ReactNode;
}) {
  return (
    <div className="block">
      <h3>{title}</h3>
      {figure.available ? (
        <>
          {children(figure.value)}
          <p className="source">{sourceText(figure)}</p>
        </>
      ) : (
        <p className="missing">{gapText(figure)}</p>
      )}
    </div>
  );
}
