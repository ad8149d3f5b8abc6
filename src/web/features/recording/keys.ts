/**
 * The local storage keys the recorder reads, as in `STORAGE_KEYS` of
 * shared/state/storage.ts (a test keeps them equal). Not imported from there: a lazy
 * chunk importing the state modules makes the bundler split them out of the
 * home route's chunk, which costs the home route bytes it does not have.
 */
export const SAVED_RECORD_KEY = 'savedRecord';
export const USER_KEY = 'user';
