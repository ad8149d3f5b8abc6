/** The message an error state shows for a failed load: the server's message, else 加载失败. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '加载失败';
}
