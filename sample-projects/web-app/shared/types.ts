export type UserId = string;
export type ProductId = string;

export enum Role {
  Customer = 'customer',
  Admin = 'admin',
}

export interface User {
  id: UserId;
  email: string;
  displayName: string;
  role: Role;
}

export interface Product {
  id: ProductId;
  name: string;
  priceCents: number;
  stock: number;
}

export interface CartLine {
  productId: ProductId;
  quantity: number;
  unitPriceCents: number;
}

export interface Order {
  id: string;
  userId: UserId;
  lines: CartLine[];
  totalCents: number;
  createdAt: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Session {
  token: string;
  user: User;
  expiresAt: number;
}
