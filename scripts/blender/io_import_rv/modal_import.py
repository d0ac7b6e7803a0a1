# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The terrain import's modal run: steps of the import under a timer, with a progress bar, a
status line and Esc, so Blender stays responsive while a large world is built."""
import os
import time
import traceback

from . import build, rvlib

# Input the terrain operator lets through while it imports (Esc cancels; everything else waits, so
# that nothing, an undo or a file load above all, changes the data under the import).
_PASS_THROUGH = {"MOUSEMOVE", "INBETWEENMOUSE", "TIMER", "TIMER0", "TIMER1", "TIMER2", "TIMER_JOBS", "TIMER_AUTOSAVE",
                 "TIMER_REPORT", "TIMERREGION", "WINDOW_DEACTIVATE", "NONE"}



def _report_warnings(operator, warnings, shown=20):
    """The decoder's warnings in Blender's info area (the first `shown`, then a count)."""
    for w in warnings[:shown]:
        operator.report({"WARNING"}, w)
    if len(warnings) > shown:
        operator.report({"WARNING"}, "%d more warnings" % (len(warnings) - shown))


class ModalSteps:
    """For an operator whose import is a generator of (done, total) steps (build.terrain_steps):
    _start(context, steps, memory_limit_mb) runs it modally to the end."""

    # The modal import: a timer event runs steps for about step_seconds, then Blender redraws the
    # progress and handles Esc.
    step_seconds = 0.1

    def _start(self, context, steps, mb):
        self._steps, self._mb, self._total = steps, mb, 1
        wm = context.window_manager
        self._timer = wm.event_timer_add(0.01, window=context.window)
        wm.modal_handler_add(self)
        wm.progress_begin(0, 1)
        self._status(context, 0.0)
        return {"RUNNING_MODAL"}

    def _status(self, context, fraction):
        if context.workspace is not None:
            text = None if fraction is None else "Importing %s: %d%%   Esc: cancel" % (
                os.path.basename(self.filepath), int(100 * fraction))
            context.workspace.status_text_set(text)

    def _stop(self, context):
        wm = context.window_manager
        wm.event_timer_remove(self._timer)
        wm.progress_end()
        self._status(context, None)

    def modal(self, context, event):
        if event.type == "ESC":
            self.cancel(context)
            self.report({"INFO"}, "Import cancelled: nothing was added")
            return {"CANCELLED"}
        if event.type != "TIMER" or event.timer is not self._timer:
            return {"PASS_THROUGH"} if event.type in _PASS_THROUGH else {"RUNNING_MODAL"}
        until = time.monotonic() + self.step_seconds
        try:
            with rvlib.memory_limit(self._mb):
                while True:
                    done, self._total = next(self._steps)
                    if time.monotonic() >= until:
                        break
        except StopIteration as end:
            self._stop(context)
            _report_warnings(self, end.value)
            return {"FINISHED"}
        except build.ImportFailed as e:  # the generator has removed what it made
            self._stop(context)
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        except Exception as e:
            self._stop(context)
            traceback.print_exc()
            self.report({"ERROR"}, "Import failed: %s" % e)
            return {"CANCELLED"}
        fraction = done / max(1, self._total)
        context.window_manager.progress_update(fraction)
        self._status(context, fraction)
        return {"RUNNING_MODAL"}

    def cancel(self, context):
        """Esc, or Blender ending the modal import (a file load): closing the steps removes
        everything they made."""
        try:
            self._steps.close()
        except ReferenceError:  # a file load freed the datablocks already
            pass
        self._stop(context)


