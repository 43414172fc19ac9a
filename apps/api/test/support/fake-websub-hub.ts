import type {
  FakeWebsubHubStartedLine,
  FakeWebsubRequest,
  FakeWebsubSigning,
} from '@app/contracts/fake-services';
import { startFake } from './fake-services';

/** The fake WebSub hub of tools/fake-websub-hub, run as its CLI and driven over its control API. */
export interface FakeWebsubHub {
  url: string;
  requests(): Promise<FakeWebsubRequest[]>;
  /** One intent verification GET against `callback`, as asked. */
  verify(options: {
    callback: string;
    mode: string;
    topic: string;
    leaseSeconds?: number | null;
  }): Promise<{ status: number; body: string; challenge: string }>;
  /** While on, subscribe requests are recorded and accepted but not verified (`verify` them by hand). */
  hold(on: boolean): Promise<void>;
  /** POSTs `xml` to each verified subscriber of `topic`, `times` times; the callbacks' statuses. */
  publish(topic: string, xml: string, signing: FakeWebsubSigning, times?: number): Promise<number[]>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function startFakeWebsubHub(): Promise<FakeWebsubHub> {
  const fake = await startFake<FakeWebsubHubStartedLine>('tools/fake-websub-hub/server.ts');
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${fake.info.controlUrl}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake hub ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    url: fake.info.url,
    requests: () => control<FakeWebsubRequest[]>('requests'),
    verify: (options) => control('verify', options),
    hold: (on) => control('hold', { hold: on }),
    publish: async (topic, xml, signing, times = 1) =>
      (await control<{ statuses: number[] }>('publish', { topic, xml, signing, times })).statuses,
    reset: fake.reset,
    stop: fake.stop,
  };
}
