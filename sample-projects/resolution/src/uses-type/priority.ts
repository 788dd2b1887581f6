export enum Priority {
  Low = 'low',
  Normal = 'normal',
  Urgent = 'urgent',
}
