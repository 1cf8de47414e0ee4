export type { Vec2, Length, TokenRole, Token, GridType, Measurement, Scene, Table, MeasureFrom } from './model';
