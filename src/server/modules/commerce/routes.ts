/**
 * The sales screens' routes (docs/commerce.md): the overview, orders, customers and the company's
 * own fields about a customer. Each checks the caller's membership of the active company, then
 * calls store.ts with that company's id; another company's order or buyer is a 404.
 */
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  BUYER_USERNAME_PATTERN,
  COMMERCE_PATHS,
  CUSTOMER_LIMITS,
  CUSTOMER_SORTS,
  type CustomerNotes,
  ORDER_ID_PATTERN,
  ORDER_SORTS,
  ORDER_STATUSES,
  OVERVIEW_DAYS,
  type OverviewDays,
} from "../../../domain/commerce/contract";
import { companyMember } from "../../plugins/company-scope";
import { ErrorBody, httpError } from "../../plugins/errors";
import { listQuerySchema, pageSchema } from "../../plugins/paged-list";
import { customerOf, customersPage, orderOf, ordersPage, overviewOf, saveCustomerNotes } from "./store";

const member = (request: FastifyRequest) =>
  companyMember(request, "Only the company's members see its orders and customers");

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Status = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));
const Order = Type.Object({
  orderId: Type.String(),
  createdAt: Type.String(),
  buyerUsername: Nullable(Type.String()),
  buyerName: Nullable(Type.String()),
  buyerCity: Nullable(Type.String()),
  lines: Type.Integer(),
  quantity: Type.Integer(),
  totalCents: Type.Number(),
  feesCents: Nullable(Type.Number()),
  status: Status,
});
const OrderDetail = Type.Intersect([
  Order,
  Type.Object({
    items: Type.Array(
      Type.Object({
        lineItemId: Type.String(),
        itemId: Nullable(Type.String()),
        sku: Type.String(),
        title: Type.String(),
        quantity: Type.Integer(),
        priceCents: Type.Number(),
        status: Status,
      }),
    ),
  }),
]);
const customerFields = {
  username: Type.String(),
  buyerName: Nullable(Type.String()),
  buyerCity: Nullable(Type.String()),
  orders: Type.Integer(),
  spentCents: Type.Number(),
  firstOrderAt: Type.String(),
  lastOrderAt: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
};
const CustomerDetail = Type.Object({
  ...customerFields,
  note: Nullable(Type.String()),
  notesUpdatedAt: Nullable(Type.String()),
  recentOrders: Type.Array(Order),
});
const Overview = Type.Object({
  days: Type.Integer(),
  revenueCents: Type.Number(),
  feesCents: Type.Number(),
  orders: Type.Integer(),
  itemsSold: Type.Integer(),
  customers: Type.Integer(),
  toShip: Type.Integer(),
  daily: Type.Array(
    Type.Object({ date: Type.String(), revenueCents: Type.Number(), orders: Type.Integer() }),
  ),
  topItems: Type.Array(
    Type.Object({
      itemId: Nullable(Type.String()),
      title: Type.String(),
      quantity: Type.Integer(),
      revenueCents: Type.Number(),
    }),
  ),
  recentOrders: Type.Array(Order),
  inventory: Type.Object({
    items: Type.Integer(),
    inStock: Type.Integer(),
    listed: Type.Integer(),
    products: Type.Integer(),
  }),
  invoices: Type.Object({ unpaid: Type.Integer(), unpaidCents: Type.Number() }),
});

const OrdersQuery = listQuerySchema(ORDER_SORTS, { sortBy: "createdAt" }, { status: Type.Optional(Status) });
const CustomersQuery = listQuerySchema(CUSTOMER_SORTS, { sortBy: "lastOrderAt" }, {});
const OverviewQuery = Type.Object(
  {
    days: Type.Unsafe<OverviewDays>({ type: "integer", enum: [...OVERVIEW_DAYS], default: 30 }),
  },
  { additionalProperties: false },
);
const OrderParams = Type.Object({ orderId: Type.String({ pattern: ORDER_ID_PATTERN }) });
const CustomerParams = Type.Object({ customerId: Type.String({ pattern: BUYER_USERNAME_PATTERN }) });
const text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const NotesBody = Type.Object(
  {
    name: text(CUSTOMER_LIMITS.name),
    email: text(CUSTOMER_LIMITS.email),
    phone: text(CUSTOMER_LIMITS.phone),
    note: text(CUSTOMER_LIMITS.note),
  },
  { additionalProperties: false },
);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()./\s-]{3,40}$/;

/** Trimmed fields, blanks as null; a malformed e-mail or phone is a 400 naming the field. */
function cleanNotes(body: Static<typeof NotesBody>): CustomerNotes {
  const clean = (v: string | null) => v?.trim() || null;
  const notes = {
    name: clean(body.name),
    email: clean(body.email),
    phone: clean(body.phone),
    note: clean(body.note),
  };
  if (notes.email && !EMAIL.test(notes.email))
    throw httpError(400, "email: enter an e-mail address like name@example.com");
  if (notes.phone && !PHONE.test(notes.phone))
    throw httpError(400, "phone: use digits, spaces and + ( ) - . / only");
  return notes;
}

export async function commerceRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const tags = ["commerce"];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get<{ Querystring: Static<typeof OverviewQuery> }>(
    COMMERCE_PATHS.overview,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "Sales overview of my company: eBay revenue, orders, top items, stock and unpaid invoices",
        querystring: OverviewQuery,
        response: { 200: Overview, ...errors },
      },
    },
    async (request) => {
      const scope = await member(request);
      return overviewOf(db, scope.companyId, request.query.days);
    },
  );

  app.get<{ Querystring: Static<typeof OrdersQuery> }>(
    COMMERCE_PATHS.orders,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "My company's eBay orders (lines grouped by order), paged, sorted, searched",
        querystring: OrdersQuery,
        response: { 200: pageSchema(Order.properties), ...errors },
      },
    },
    async (request) => {
      const scope = await member(request);
      return ordersPage(db, scope.companyId, request.query);
    },
  );

  app.get<{ Params: Static<typeof OrderParams> }>(
    `${COMMERCE_PATHS.orders}/:orderId`,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "One eBay order of my company with its lines",
        params: OrderParams,
        response: { 200: OrderDetail, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const scope = await member(request);
      const order = await orderOf(db, scope.companyId, request.params.orderId);
      if (!order) throw httpError(404, "Order not found");
      return order;
    },
  );

  app.get<{ Querystring: Static<typeof CustomersQuery> }>(
    COMMERCE_PATHS.customers,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "My company's customers (buyers of its eBay orders), paged, sorted, searched",
        querystring: CustomersQuery,
        response: { 200: pageSchema(customerFields), ...errors },
      },
    },
    async (request) => {
      const scope = await member(request);
      return customersPage(db, scope.companyId, request.query);
    },
  );

  app.get<{ Params: Static<typeof CustomerParams> }>(
    `${COMMERCE_PATHS.customers}/:customerId`,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "One customer of my company (an eBay buyer, by user name) with our notes and their orders",
        params: CustomerParams,
        response: { 200: CustomerDetail, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const scope = await member(request);
      const customer = await customerOf(db, scope.companyId, request.params.customerId);
      if (!customer) throw httpError(404, "Customer not found");
      return customer;
    },
  );

  app.put<{ Params: Static<typeof CustomerParams>; Body: Static<typeof NotesBody> }>(
    `${COMMERCE_PATHS.customers}/:customerId`,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "Save my company's name, contact fields and note for one of its customers",
        params: CustomerParams,
        body: NotesBody,
        response: { 200: CustomerDetail, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      const scope = await member(request);
      const notes = cleanNotes(request.body);
      const { customerId } = request.params;
      if (!(await saveCustomerNotes(db, scope.companyId, scope.userId, customerId, notes)))
        throw httpError(404, "Customer not found");
      const customer = await customerOf(db, scope.companyId, customerId);
      if (!customer) throw httpError(404, "Customer not found");
      return customer;
    },
  );
}
