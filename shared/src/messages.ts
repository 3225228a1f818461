// Every user-facing text of both spec documents (part 1 §2, §5, §8; part 2 §2, §5, §8), grouped by screen or domain,
// so the server, the client and the tests read one source. Texts quoted in the spec are copied exactly; texts the
// spec does not give are marked "chosen". A toast is { title, message? } for the spec's "title - text".
// One file per area in messages/, so a bundle takes only the areas it uses (the app shell takes a few of them,
// not every text); MESSAGES gathers them for everything else.

export type { ToastText } from './messages/toast';

import { ADMIN_MESSAGES } from './messages/admin';
import { API_TOKEN_MESSAGES } from './messages/api-tokens';
import { AUTH_MESSAGES } from './messages/auth';
import { CAR_CARD_MESSAGES } from './messages/car-card';
import { CAR_DETAIL_MESSAGES } from './messages/car-detail';
import { CARD_FORM_MESSAGES } from './messages/card-form';
import { CART_MESSAGES } from './messages/cart';
import { CART_CLEAR_MESSAGES } from './messages/cart-clear';
import { CHECKOUT_MESSAGES } from './messages/checkout';
import { COLOR_SCHEME_MESSAGES } from './messages/color-scheme';
import { EVENTS_MESSAGES } from './messages/events';
import { FAIR_VOTE_MESSAGES } from './messages/fair-votes';
import { FETCH_ERROR_MESSAGES, LOAD_ERROR_MESSAGES } from './messages/fetch-error';
import { FULFILMENT_MESSAGES } from './messages/fulfilment';
import { GALLERY_MESSAGES } from './messages/gallery';
import { HALL_OF_FAME_MESSAGES } from './messages/hall-of-fame';
import { HOME_MESSAGES } from './messages/home';
import { LABEL_MESSAGES } from './messages/label';
import { LEADERBOARD_MESSAGES } from './messages/leaderboard';
import { LOGIN_REQUIRED_MESSAGES } from './messages/login-required';
import { MEET_CARD_MESSAGES } from './messages/meet-cards';
import { MERCH_MESSAGES } from './messages/merch';
import { MODERATION_MESSAGES } from './messages/moderation';
import { MY_ORDERS_MESSAGES } from './messages/my-orders';
import { NAV_MESSAGES } from './messages/nav';
import { NEWSLETTER_MESSAGES } from './messages/newsletter';
import { NOT_FOUND_MESSAGES } from './messages/not-found';
import { ORDER_CONFIRMATION_MESSAGES } from './messages/order-confirmation';
import { ORDER_SUCCESS_MESSAGES } from './messages/order-success';
import { PHOTO_MATCH_MESSAGES } from './messages/photo-matches';
import { PHOTO_PICKER_MESSAGES } from './messages/photo-picker';
import { PRINT_CART_MESSAGES } from './messages/print-cart';
import { PROFILE_MESSAGES } from './messages/profile';
import { REQUEST_MESSAGES } from './messages/request';
import { SERVER_MESSAGES } from './messages/server';
import { SITE_MODE_MESSAGES } from './messages/site-mode';
import { SUSPENSION_MESSAGES } from './messages/suspensions';
import { UPLOAD_MESSAGES } from './messages/upload';
import { UPLOAD_PHOTO_MESSAGES } from './messages/upload-photos';
import { VALIDATION_MESSAGES } from './messages/validation';
import { VOTE_MESSAGES } from './messages/vote';

export {
  ADMIN_MESSAGES,
  API_TOKEN_MESSAGES,
  AUTH_MESSAGES,
  CAR_CARD_MESSAGES,
  CAR_DETAIL_MESSAGES,
  CARD_FORM_MESSAGES,
  CART_CLEAR_MESSAGES,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  COLOR_SCHEME_MESSAGES,
  EVENTS_MESSAGES,
  FAIR_VOTE_MESSAGES,
  FETCH_ERROR_MESSAGES,
  FULFILMENT_MESSAGES,
  GALLERY_MESSAGES,
  HALL_OF_FAME_MESSAGES,
  HOME_MESSAGES,
  LABEL_MESSAGES,
  LEADERBOARD_MESSAGES,
  LOAD_ERROR_MESSAGES,
  LOGIN_REQUIRED_MESSAGES,
  MEET_CARD_MESSAGES,
  MERCH_MESSAGES,
  MODERATION_MESSAGES,
  MY_ORDERS_MESSAGES,
  NAV_MESSAGES,
  NEWSLETTER_MESSAGES,
  NOT_FOUND_MESSAGES,
  ORDER_CONFIRMATION_MESSAGES,
  ORDER_SUCCESS_MESSAGES,
  PHOTO_MATCH_MESSAGES,
  PHOTO_PICKER_MESSAGES,
  PRINT_CART_MESSAGES,
  PROFILE_MESSAGES,
  REQUEST_MESSAGES,
  SERVER_MESSAGES,
  SITE_MODE_MESSAGES,
  SUSPENSION_MESSAGES,
  UPLOAD_MESSAGES,
  UPLOAD_PHOTO_MESSAGES,
  VALIDATION_MESSAGES,
  VOTE_MESSAGES,
};

/** Every text, by area: `MESSAGES.cart.loginToView`. */
export const MESSAGES = {
  validation: VALIDATION_MESSAGES,
  request: REQUEST_MESSAGES,
  notFound: NOT_FOUND_MESSAGES,
  siteMode: SITE_MODE_MESSAGES,
  nav: NAV_MESSAGES,
  auth: AUTH_MESSAGES,
  carCard: CAR_CARD_MESSAGES,
  home: HOME_MESSAGES,
  gallery: GALLERY_MESSAGES,
  carDetail: CAR_DETAIL_MESSAGES,
  vote: VOTE_MESSAGES,
  printCart: PRINT_CART_MESSAGES,
  hallOfFame: HALL_OF_FAME_MESSAGES,
  leaderboard: LEADERBOARD_MESSAGES,
  newsletter: NEWSLETTER_MESSAGES,
  myOrders: MY_ORDERS_MESSAGES,
  profile: PROFILE_MESSAGES,
  merch: MERCH_MESSAGES,
  meetCards: MEET_CARD_MESSAGES,
  events: EVENTS_MESSAGES,
  upload: UPLOAD_MESSAGES,
  photoPicker: PHOTO_PICKER_MESSAGES,
  cart: CART_MESSAGES,
  cartClear: CART_CLEAR_MESSAGES,
  checkout: CHECKOUT_MESSAGES,
  cardForm: CARD_FORM_MESSAGES,
  orderSuccess: ORDER_SUCCESS_MESSAGES,
  orderConfirmation: ORDER_CONFIRMATION_MESSAGES,
  admin: ADMIN_MESSAGES,
  apiTokens: API_TOKEN_MESSAGES,
  suspensions: SUSPENSION_MESSAGES,
  photoMatches: PHOTO_MATCH_MESSAGES,
  fulfilment: FULFILMENT_MESSAGES,
  fairVotes: FAIR_VOTE_MESSAGES,
  labels: LABEL_MESSAGES,
  fetchErrors: FETCH_ERROR_MESSAGES,
  loadError: LOAD_ERROR_MESSAGES,
  server: SERVER_MESSAGES,
  moderation: MODERATION_MESSAGES,
} as const;
