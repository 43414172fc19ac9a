import { parseWrk, wrkMs } from './http-cache';

const OUTPUT = `Running 10s test @ http://127.0.0.1:4200/api/videos
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.02ms  300.00us  12.00ms   90.00%
    Req/Sec    24.50k     1.20k   27.00k    70.00%
  Latency Distribution
     50%  812.00us
     75%    1.10ms
     90%    1.50ms
     99%    2.01s
  487654 requests in 10.00s, 700.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 4
Requests/sec:  48765.40
Transfer/sec:     70.00MB
`;

describe('the wrk output of the web-server benchmark', () => {
  it('reads requests/s, p50 and p99 in ms, and counts socket errors and non-2xx answers', () => {
    expect(parseWrk(OUTPUT)).toEqual({ rps: 48765, p50: 0.81, p99: 2010, errors: 9 });
  });

  it('converts each latency unit wrk prints', () => {
    expect([wrkMs('812.00us'), wrkMs('1.10ms'), wrkMs('2.01s'), wrkMs('1.00m')]).toEqual([
      0.81, 1.1, 2010, 60000,
    ]);
  });

  it('refuses output it does not understand', () => {
    expect(() => parseWrk('unable to connect')).toThrow(/unexpected wrk output/);
  });
});
