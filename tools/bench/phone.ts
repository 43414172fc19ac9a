/**
 * The bench's phone: what Lighthouse's mobile preset simulates (a Moto G Power on slow 4G), read from Lighthouse's own
 * constants, for the benchmarks that drive Chromium themselves at that phone.
 */
import type { BrowserContextOptions } from 'playwright-core';

export interface Phone {
  /** Playwright's context at the phone's screen (CSS pixels, device pixel ratio), touch and user agent. */
  context: BrowserContextOptions;
  /** Slow 4G as Lighthouse applies it for real: latency per request, throughput in kbit/s. */
  network: { latencyMs: number; downloadKbps: number; uploadKbps: number };
  cpuSlowdown: number;
}

export async function lighthousePhone(): Promise<Phone> {
  const { throttling, screenEmulationMetrics, userAgents } =
    (await import('lighthouse/core/config/constants.js')) as unknown as {
      throttling: {
        mobileSlow4G: {
          requestLatencyMs: number;
          downloadThroughputKbps: number;
          uploadThroughputKbps: number;
          cpuSlowdownMultiplier: number;
        };
      };
      screenEmulationMetrics: { mobile: { width: number; height: number; deviceScaleFactor: number } };
      userAgents: { mobile: string };
    };
  const net = throttling.mobileSlow4G;
  const screen = screenEmulationMetrics.mobile;
  return {
    context: {
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      userAgent: userAgents.mobile,
    },
    network: {
      latencyMs: net.requestLatencyMs,
      downloadKbps: net.downloadThroughputKbps,
      uploadKbps: net.uploadThroughputKbps,
    },
    cpuSlowdown: net.cpuSlowdownMultiplier,
  };
}
