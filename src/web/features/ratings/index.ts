/** What other features use of ratings: the rating popup a policy opens. */
export { LazyRatingPopup } from './components/rating-popup/lazy-rating-popup.tsx';
