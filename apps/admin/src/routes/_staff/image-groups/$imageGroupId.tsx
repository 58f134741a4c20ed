import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { api } from "../../../api"
import { ConfirmDialog } from "../../../components/Confirm"
import { ImageGroupEditor } from "../../../components/ImageGroupEditor"
import { PageHeader } from "../../../components/PageStates"
import { pageTitle } from "../../../lib/page-title"
import { useAction } from "../../../lib/use-action"

export const Route = createFileRoute("/_staff/image-groups/$imageGroupId")({
  head: () => ({ meta: [{ title: pageTitle("Image group") }] }),
  loader: ({ params }) => api.imageGroups.byId({ path: { imageGroupId: params.imageGroupId } }),
  component: ImageGroupScreen,
})

function ImageGroupScreen() {
  const { imageGroup } = Route.useLoaderData()
  const navigate = useNavigate()
  const [deleting, setDeleting] = useState(false)
  const remove = useAction(
    async () => {
      await api.imageGroups.delete({ path: { imageGroupId: imageGroup.id } })
      return true
    },
    { reload: false },
  )
  return (
    <>
      <PageHeader title={imageGroup.name}>
        <Link to="/image-groups" className="btn">
          All image groups
        </Link>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            remove.reset()
            setDeleting(true)
          }}
        >
          Delete group
        </button>
      </PageHeader>
      <ImageGroupEditor
        key={imageGroup.id}
        groupId={imageGroup.id}
        initial={imageGroup}
        submitLabel="Save changes"
        onSave={(payload) =>
          api.imageGroups.update({ path: { imageGroupId: imageGroup.id }, payload })
        }
      />
      <ConfirmDialog
        open={deleting}
        title={`Delete “${imageGroup.name}”?`}
        confirmLabel="Delete group"
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          if (await remove.run()) await navigate({ to: "/image-groups" })
        }}
      >
        <p>
          The group goes; its {imageGroup.images.length} image
          {imageGroup.images.length === 1 ? "" : "s"} go back to the library. The shop refuses while
          a competition or an instant-win group shows it.
        </p>
      </ConfirmDialog>
    </>
  )
}
