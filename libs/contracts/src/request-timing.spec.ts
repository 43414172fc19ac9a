import {
  BODY_MIN_BYTES_PER_SECOND,
  bodyDeadlineMs,
  HEADERS_TIMEOUT_MS,
  LARGEST_BODY_BYTES,
  REQUEST_TIMEOUT_MS,
} from './request-timing';

describe('request timing', () => {
  it('gives a body BODY_TIMEOUT_MS to start and a second more for every 8 KiB', () => {
    expect(bodyDeadlineMs(0)).toBe(10_000);
    expect(bodyDeadlineMs(BODY_MIN_BYTES_PER_SECOND * 60)).toBe(70_000);
  });

  it('lets the largest backup through at the slowest rate the body rule allows (64 kbit/s), within the outer bound', () => {
    // 100 MB at 8 KiB/s is 12,800 s: far past Node's default of 5 minutes.
    expect(LARGEST_BODY_BYTES / BODY_MIN_BYTES_PER_SECOND).toBe(12_800);
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThanOrEqual(
      HEADERS_TIMEOUT_MS + bodyDeadlineMs(LARGEST_BODY_BYTES),
    );
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(300_000);
  });
});
