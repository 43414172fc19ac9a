import { FloatingDelayGroup } from '@floating-ui/react';
import { TooltipGroupContext } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tooltip opens after 700 ms of hover… */
export const TOOLTIP_DELAY_MS = 700;
/** …and, within 300 ms of one closing, the next opens at once. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * The tooltip timing for every Mantine `Tooltip` inside: Mantine's own `Tooltip.Group`
 * has no skip delay, so this is the same floating-ui delay group with its `timeoutMs` set.
 */
export function TooltipDelays({ children }: { children: ReactNode }) {
  return (
    <TooltipGroupContext value={{ withinGroup: true }}>
      <FloatingDelayGroup delay={{ open: TOOLTIP_DELAY_MS, close: 0 }} timeoutMs={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </FloatingDelayGroup>
    </TooltipGroupContext>
  );
}
