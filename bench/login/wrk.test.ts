import { describe, expect, it } from 'vitest';
import { parseWrkOutput } from './wrk.ts';

const output = `Running 5s test @ http://localhost:4000
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    57.21ms   12.03ms 141.30ms   71.20%
    Req/Sec    70.12      9.80    90.00     66.00%
  351 requests in 5.01s, 210.33KB read
innerview ok=349 other=2 errors=1 duration_us=5010234 p50_us=55120 p99_us=98760
Requests/sec:     70.06
Transfer/sec:     41.98KB
0m0.002s 0m0.001s
0m0.041s 0m0.017s
`;

describe('parseWrkOutput', () => {
  it("reads login.lua's line and wrk's CPU from the shell's times", () => {
    expect(parseWrkOutput(output)).toEqual({
      ok: 349,
      other: 2,
      errors: 1,
      seconds: 5.010234,
      p50Ms: 55.12,
      p99Ms: 98.76,
      cpuMicros: 58_000,
    });
  });

  it('counts minutes of CPU time', () => {
    expect(parseWrkOutput(output.replace('0m0.041s 0m0.017s', '1m2.500s 0m0.500s')).cpuMicros).toBe(
      63_000_000,
    );
  });

  it('says so when wrk printed no result (it could not connect, or the script failed)', () => {
    expect(() =>
      parseWrkOutput(
        'unable to connect to localhost:4000 Connection refused\n0m0.001s 0m0.000s\n0m0.001s 0m0.000s\n',
      ),
    ).toThrow('wrk printed no result');
  });

  it('says so when the CPU times are missing', () => {
    expect(() => parseWrkOutput(output.split('0m0.002s')[0]!)).toThrow('no CPU times after wrk');
  });
});
