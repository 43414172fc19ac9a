import { Injectable } from '@nestjs/common';

/** Wall clock behind an injectable seam, so tests can move time (session lifetime, throttling). */
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
