/** A query whose answer says there is nothing to show (保单不存在, 保险超市不存在): asking again would not help. */
export class MissingData extends Error {}
