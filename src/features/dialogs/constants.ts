/**
 * Figures of the global dialogs that machines/constants.ts does not carry yet (this area may not edit
 * machines/; the lead may move them there).
 */
/** 01 §5, §9: the plagiarism check costs 5 credits and asks for confirmation first. */
export const PLAGIARISM_CHECK_CREDITS = 5;
/** 01 §9: the credit history table is 400 px high and loads more within 100 px of its end. */
export const CREDIT_HISTORY_TABLE_HEIGHT_PX = 400;
export const CREDIT_HISTORY_LOAD_MORE_THRESHOLD_PX = 100;
/** 01 §9: credit history minimum row count 10 (the page size asked for). */
export const CREDIT_HISTORY_PAGE_SIZE = 10;
/** Video-generator gallery: where the product-demo dialog's cancel goes (02 §2). */
export const VIDEO_GALLERY_PATH = '/video-generator?type=gallery';
/** 01 §2 /credit-based targets used by the dialogs. */
export const SUBSCRIPTION_PATH = '/credit-based?target=subscription';
export const PRICING_PATH = '/pricing';
export const OFFER_PRICING_PATH = '/offer-pricing';
export const REWARDS_PATH = '/rewards';
export const BLOG_WRITER_PATH = '/blog-writer';
