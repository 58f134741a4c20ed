export * from "./api"
export * from "./catalogue"
export * from "./paging"
export * from "./problems"
