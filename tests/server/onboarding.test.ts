/**
 * Onboarding on the reference backend (03 §7, §9; 01 §2 dialog chain): answers are saved step by step and
 * survive a new sign-in; an individual has 3 steps, a business 7; storeOnBoard finishes or skips.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness';

const s = useTestServer();

describe('onboarding', () => {
  it('new@ starts with nothing saved, not onboarded and not skipped', async () => {
    const token = await s.login('new@demo.test');
    const r = await s.call('GET', '/api/onboarding', { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ on_board_data: {}, is_onboard: 0, is_onboard_skipped: 0, step: 0 });
  });

  it('merges each step into the saved answers and keeps them for the next sign-in', async () => {
    const token = await s.login('new@demo.test');
    expect((await s.call('POST', '/api/onboarding/1/save', { token, body: { is_individual: 0, role: 'Marketer' } })).status).toBe(200);
    const two = await s.call('POST', '/api/onboarding/2/save', { token, body: { company: 'Acme', companySize: '11-50' } });
    expect(two.body.data.on_board_data).toEqual({ is_individual: 0, role: 'Marketer', company: 'Acme', companySize: '11-50', step: 2 });
    // a later answer replaces an earlier one of the same field
    await s.call('POST', '/api/onboarding/1/save', { token, body: { role: 'Editor' } });

    const again = await s.login('new@demo.test');
    const r = await s.call('GET', '/api/onboarding', { token: again });
    expect(r.body.data).toMatchObject({ on_board_data: { role: 'Editor', company: 'Acme' }, step: 1, is_onboard: 0 });
  });

  it('an individual has 3 steps, a business 7; out-of-range steps change nothing', async () => {
    const token = await s.login('new@demo.test');
    await s.call('POST', '/api/onboarding/1/save', { token, body: { is_individual: 1, role: 'Writer' } });
    const four = await s.call('POST', '/api/onboarding/4/save', { token, body: { country: 'Spain' } });
    expect(four.status).toBe(422);
    expect(four.body.errors.step[0]).toBe('An individual account has 3 onboarding steps.');
    for (const step of ['0', '8', 'x', '1.5']) {
      const r = await s.call('POST', `/api/onboarding/${step}/save`, { token, body: { country: 'Spain' } });
      expect([404, 422]).toContain(r.status);
    }
    expect((await s.call('GET', '/api/onboarding', { token })).body.data.on_board_data).toEqual({ is_individual: 1, role: 'Writer', step: 1 });

    await s.call('POST', '/api/onboarding/1/save', { token, body: { is_individual: 0 } });
    expect((await s.call('POST', '/api/onboarding/7/save', { token, body: { country: 'Spain' } })).status).toBe(200);
  });

  it('refuses fields the description does not know', async () => {
    const token = await s.login('new@demo.test');
    const r = await s.call('POST', '/api/onboarding/1/save', { token, body: { is_onboard: 1 } });
    expect(r.status).toBe(422);
    expect((await s.call('GET', '/api/auth/getUser', { token })).body.data.user.is_onboard).toBe(0);
  });

  it('storeOnBoard finishes onboarding; a skip records a personal account and the skip flag', async () => {
    const token = await s.login('new@demo.test');
    const done = await s.call('POST', '/api/profile/storeOnBoard', { token, body: { on_board_data: { is_individual: 1, role: 'Writer', step: 3 }, is_onboard: 1 } });
    expect(done.status).toBe(200);
    expect(done.body.data.user).toMatchObject({ is_onboard: 1, is_onboard_skipped: 0 });

    await s.reset();
    const t2 = await s.login('new@demo.test');
    const skip = await s.call('POST', '/api/profile/storeOnBoard', { token: t2, body: { on_board_data: { is_individual: 1 }, is_onboard: 0, is_onboard_skipped: 1 } });
    expect(skip.body.data.user).toMatchObject({ is_onboard: 0, is_onboard_skipped: 1 });
    expect((await s.call('GET', '/api/onboarding', { token: t2 })).body.data).toMatchObject({ on_board_data: { is_individual: 1 }, is_onboard_skipped: 1 });
  });
});
