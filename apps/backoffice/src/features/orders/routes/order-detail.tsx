import { isApiError } from "@certavis/api-client";
import { can } from "@certavis/domain";
import { formatDate } from "@certavis/i18n-fr";
import { orders as frOrders } from "@certavis/i18n-fr/messages/orders";
import { Button } from "@certavis/ui";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { NotFoundPanel } from "../../../components/not-found-panel";
import { PageHeader } from "../../../components/page-header";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useOrder } from "../api/get-order";
import { useResendOrder } from "../api/resend-order";
import { useSendOrderNow } from "../api/send-order-now";
import { ActionConfirmDialog } from "../components/action-confirm-dialog";
import { OrderTimeline } from "../components/order-timeline";
import { RequestStateBadge } from "../components/request-state-badge";

const t = frOrders;

/** /orders/:id: the order, each product's request, its timeline; 'Envoyer maintenant' and 'Renvoyer'. */
export function OrderDetailRoute() {
  const { id = "" } = useParams();
  const { role } = useCaller();
  const order = useOrder(id);
  const sendNow = useSendOrderNow();
  const resend = useResendOrder();
  const [confirm, setConfirm] = useState<"sendNow" | "resend" | null>(null);
  const maySend = can(role, "orders.send");

  if (order.isPending) return <LoadingScreen />;
  if (order.isError)
    return isApiError(order.error) && order.error.status === 404 ? (
      <NotFoundPanel />
    ) : (
      <LoadError error={order.error} fallback={t.detail.loadFailed} onRetry={() => void order.refetch()} />
    );
  const data = order.data;
  const buyer = [data.buyer_first_name, data.buyer_last_name].filter(Boolean).join(" ");
  const action = confirm === "resend" ? resend : sendNow;
  const texts = confirm === "resend" ? t.resend : t.sendNow;

  return (
    <>
      <Text as="p" size="2" mb="2">
        <Link to="/orders">{t.detail.back}</Link>
      </Text>
      <PageHeader
        title={t.detail.title(data.reference)}
        subtitle={t.detail.orderedOn(formatDate(data.order_date))}
        actions={
          maySend ? (
            <Flex gap="2">
              {data.actions.send_now ? (
                <Button onClick={() => setConfirm("sendNow")}>{t.sendNow.action}</Button>
              ) : null}
              {data.actions.resend ? (
                <Button variant="outline" onClick={() => setConfirm("resend")}>
                  {t.resend.action}
                </Button>
              ) : null}
            </Flex>
          ) : null
        }
      />
      <Flex direction={{ initial: "column", md: "row" }} gap="5" align="start">
        <Flex direction="column" gap="4" className="w-full md:max-w-md">
          <Card>
            <Flex direction="column" gap="2">
              <Heading as="h2" size="3">
                {t.detail.buyer}
              </Heading>
              <Text>{buyer || "—"}</Text>
              <Text color="gray">{data.buyer_email || "—"}</Text>
              <Text size="2">
                {t.detail.source} : {t.sources[data.source]}
              </Text>
            </Flex>
          </Card>
          <Card>
            <Heading as="h2" size="3" mb="2">
              {t.detail.products}
            </Heading>
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {data.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-2">
                  <Text>{item.product.name}</Text>
                  <RequestStateBadge request={item.request} />
                </li>
              ))}
            </ul>
          </Card>
        </Flex>
        <Card className="w-full">
          <Heading as="h2" size="3" mb="3">
            {t.detail.timeline}
          </Heading>
          <OrderTimeline events={data.timeline} />
        </Card>
      </Flex>
      <ActionConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={texts.title}
        description={texts.text}
        confirmLabel={texts.confirm}
        busy={action.isPending}
        onConfirm={() =>
          action.mutate(data.id, {
            onSuccess: () => toast({ title: texts.done, variant: "success" }),
            onError: (error) => toastError(error, texts.failed),
            onSettled: () => setConfirm(null),
          })
        }
      />
    </>
  );
}
