/** The gate tests' free user (plan 1, active, nothing used): each test spreads it and changes what its case needs. */
import type { GateUser } from '@machines/subscription-gate.machine';

export const freeGateUser: GateUser = {
  id: 7,
  plan_id: 1,
  status: 'active',
  end_at: null,
  payment_frequency: 'monthly',
  is_blog_generated_free: false,
  storybook_count: 0,
  is_user_word_limit_exhausted: false,
  is_user_image_limit_exhausted: false,
  usage: 0,
  word_limit: 2000,
  image_usage: 0,
  image_limit: 10,
  plan_total_credit_usage: 0,
  total_plan_credits: 0,
  total_add_on_credits: 0,
  earned_bonus: 0,
};
