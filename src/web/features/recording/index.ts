/** What the sale screens use of the 可回溯 recording: starting it, its notice, the steps they record, and the mask of a value. */
export { finishSale, MASKED, RecordingNotice, saleStep, useSaleRecording } from './sale-recording.tsx';
