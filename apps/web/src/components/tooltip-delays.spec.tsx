import { Tooltip } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipDelays } from './tooltip-delays';

describe('tooltip timing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const tick = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
  const hover = (name: string) => {
    const target = screen.getByRole('button', { name });
    fireEvent.pointerEnter(target, { pointerType: 'mouse' });
    fireEvent.mouseEnter(target);
    fireEvent.mouseMove(target);
  };
  const leave = (name: string) => {
    const target = screen.getByRole('button', { name });
    fireEvent.pointerLeave(target, { pointerType: 'mouse' });
    fireEvent.mouseLeave(target);
  };

  it('opens after 700 ms of hover; within 300 ms of one closing the next opens at once', () => {
    renderWithProviders(
      <TooltipDelays>
        <Tooltip label="Copy channel ID" transitionProps={{ duration: 0 }}>
          <button type="button">copy</button>
        </Tooltip>
        <Tooltip label="Remove program" transitionProps={{ duration: 0 }}>
          <button type="button">remove</button>
        </Tooltip>
      </TooltipDelays>,
    );
    hover('copy');
    tick(TOOLTIP_DELAY_MS - 100);
    expect(screen.queryByText('Copy channel ID')).not.toBeInTheDocument();
    tick(200);
    expect(screen.getByText('Copy channel ID')).toBeInTheDocument();

    leave('copy');
    tick(TOOLTIP_SKIP_DELAY_MS - 200);
    hover('remove');
    tick(50);
    expect(screen.getByText('Remove program')).toBeInTheDocument();
    leave('remove');

    // Long after: the full delay again.
    tick(2000);
    hover('copy');
    tick(100);
    expect(screen.queryByText('Copy channel ID')).not.toBeInTheDocument();
    tick(TOOLTIP_DELAY_MS);
    expect(screen.getByText('Copy channel ID')).toBeInTheDocument();
  });
});
