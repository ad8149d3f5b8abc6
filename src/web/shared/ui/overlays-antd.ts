/**
 * antd-mobile's overlays, in one chunk loaded on demand: Toast and Dialog (by ./toast.ts and
 * ./dialog.ts on the first toast or dialog), and Popup, ActionSheet and SpinLoading for the popups
 * that load on first open (./lazy-popup.tsx). They share the Mask, the imperative renderer and
 * react-spring; imported through this one module they stay one chunk instead of several small
 * ones split by who uses which.
 */
export { ActionSheet, Dialog, Popup, SpinLoading, Toast } from 'antd-mobile';
