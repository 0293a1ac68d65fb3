/**
 * videoPolling (02 §4 Video generation, §8 Video, §9): model paths over the real machine, plus
 * timer tests on SimulatedClock (10 s polls, 120-poll timeout, 1 s progress tick) and unit tests of
 * the pure helpers.
 */
import { afterAll, describe, expect, it } from 'xstate-test-shim-never-used' extends never ? never : 'vitest';
