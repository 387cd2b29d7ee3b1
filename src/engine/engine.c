/*
 * engine.c - turns the model into running threads and brings every one of
 * them home: creates logs, timers and threads before time zero (a failure
 * there refuses the run), releases them together, drains their log rings
 * while they run, stops them on duration, end of loops or a signal, and
 * flushes everything; what the run did goes back to main as a struct
 * run_result, and the reports are main's to call.
 */
#define _GNU_SOURCE
#include "engine/engine.h"

#include "engine/engine_ctx.h"
#include "engine/thread.h"
#include "lib/diag.h"
#include "lib/filename.h"
#include "lib/madv.h"
#include "lib/safe_file.h"
#include "lib/stack_pool.h"
#include "record/e2e.h"
#include "record/ftrace.h"
#include "engine/interval.h"
#include "engine/latency_break.h"
#include "engine/progress.h"
#include "resource.h"
#include "engine/rt_watchdog.h"
#include "lib/kstat.h"
#include "record/lock_stats.h"
#include "record/rtapp_log.h"
#include "record/samples.h"
#include "engine/taskgroup.h"
#include "lib/timeutil.h"
#include "record/trace_ring.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define ENGINE_DRAIN_NS     (100 * 1000 * 1000) /* log rows reach files */
#define ENGINE_DRAIN_ROWS   64 /* rows formatted and written at a time */
/* The longest main waits for its threads to leave the gate: a thread
 * starved by busy real-time ones may not leave for long. */
#define ENGINE_GATE_LEFT_MS 100
#define ENGINE_KICK_NS      (2 * 1000 * 1000)   /* re-wake stopping threads */
/* After a second stop signal, how long threads still have to come home
 * before main leaves them running and goes on to the reports. */
#define ENGINE_GRACE_NS     (100 * 1000 * 1000)
/* Shared bytes per thread beyond its log ring: its struct, histograms. */
#define ENGINE_SHM_PER_THREAD (1 << 20)
#define ENGINE_SHM_BASE       (16 << 20)

/* Interrupts blocking calls so a stopping thread sees the stop flag. */
#define ENGINE_WAKE_SIGNAL SIGUSR1
/* The last thread to finish tells main at once, rather than at its next
 * drain. */
#define ENGINE_DONE_SIGNAL SIGUSR2

static void engine_wake_handler(int sig)
{
	(void)sig;
}

static bool workload_is_realtime(const struct workload *w)
{
	int policy;

	return rt_watchdog_find_rt(w, &policy) != NULL;
}

/* Shared memory for what a thread or process reports to main (zeroed),
 * its byte at offset at on a multiple of align (shm.h); NULL and a
 * message when the region is full. */
static void *engine_shm_alloc_aligned(struct engine *e, size_t bytes,
				      size_t align, size_t at)
{
	void *p = shm_alloc_aligned(&e->shm, bytes, align, at);

	if (!p)
		fprintf(stderr, "mimic: shared region full (%zu bytes)\n",
			e->shm.size);
	return p;
}

static void *engine_shm_alloc(struct engine *e, size_t bytes)
{
	return engine_shm_alloc_aligned(e, bytes, SHM_ALIGN, 0);
}

/* "<idx>" or, for a fork, "<idx>-<nnnn>": the thread's and log's suffix. */
static void engine_thread_id(const struct thread *t, char *id, size_t len)
{
	if (t->forked)
		snprintf(id, len, "%d-%04d", t->idx, t->fork_no);
	else
		snprintf(id, len, "%d", t->idx);
}

/*
 * Main opens every log, the first thread's before time zero (a directory
 * that takes no files refuses the run), every other just after it, and a
 * fork's at the drain after its birth: creating 10000 files took 0.3 s to
 * several seconds on ext4, which start-up no longer waits for; rows wait
 * in the thread's ring meanwhile. Only the first failure is reported.
 */
static int engine_open_log(struct engine *e, struct thread *t)
{
	char id[32], stem[FILENAME_TASK_BYTES + 40], why[128];

	engine_thread_id(t, id, sizeof(id));
	snprintf(stem, sizeof(stem), "%.*s-%s", FILENAME_TASK_BYTES,
		 t->task->name, id);
	t->log_path = rtapp_log_path(&e->w->g, stem, ".log");
	if (!t->log_path) {
		fprintf(stderr, "mimic: out of memory\n");
		return -1;
	}
	t->log = rtapp_log_open(e->logdir_fd, t->log_path, why, sizeof(why));
	if (!t->log) {
		if (!e->write_failed)
			fprintf(stderr, "mimic: cannot create log file %s: %s\n",
				t->log_path, why);
		return -1;
	}
	return 0;
}

/* Logs and scripts are created in this descriptor, never by path: a
 * directory renamed or swapped for a link meanwhile does not move them. */
static int engine_open_logdir(struct engine *e)
{
	const struct globals *g = &e->w->g;

	if (g->log_mode != LOG_FILE)
		return 0;
	e->logdir_fd = safe_dir_open(g->logdir, false);
	if (e->logdir_fd < 0) {
		fprintf(stderr, "%s: error: global.logdir: %s: %s\n",
			e->w->file, g->logdir, errno == ELOOP
			? "is a symbolic link (not followed)" : strerror(errno));
		return -1;
	}
	return 0;
}

/* The histograms' headers at h (plain ones) and sh (signed), given to
 * the statistics of t's task in a fixed order. */
static void engine_assign_hists(const struct engine *e, struct thread *t,
				struct rhist *h, struct rshist *sh)
{
	const struct task *task = t->task;
	struct thread_stats *s = &t->stats;
	unsigned k = 0;

	for (int w = 0; w < WAKE_PATHS; w++) {
		if (!(task->wake_paths & (1u << w)))
			continue;
		s->wake_us[w] = &h[k++];
		if (!wake_path_has_messages((enum wake_path)w))
			continue;
		s->message_us[w] = &h[k++];
		if (e->w->g.us_clock_messages)
			s->message_clock_us[w] = &h[k++];
	}
	if (task->records & (1u << RECORD_REQUESTS))
		s->request_us = &h[k++];
	if (task->records & (1u << RECORD_RATE))
		s->rate = &h[k++];
	if (task->records & (1u << RECORD_WORK)) {
		s->run_us = &h[k++];
		s->run_err_bp = sh++;
	}
	if (task->wake_paths & (1u << WAKE_TIMER))
		s->slack_us = sh;
}

/*
 * One block a thread: its log ring, then the headers of only the
 * histograms its task records, then the pool their counts come from
 * (rhist.h). A ring's rows start at its last (ring_home), so a thread's
 * first iteration writes that row, the headers and the pool's first
 * chunks: adjacent bytes, placed from the start of a page (two pages for
 * four histograms, where they were three or four apart), made resident
 * before time zero (thread.c). Only placed here: the thread writes the
 * headers (thread_init_stats).
 */
static int engine_place_stats(struct engine *e, struct thread *t)
{
	const struct globals *g = &e->w->g;
	size_t cap = g->log_mode != LOG_DISABLED
			     ? ring_capacity(rtapp_log_ring_bytes(g))
			     : 0;
	size_t ring = cap * sizeof(struct log_row), plain_b, sign_b, pool_b;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned plain, sign;
	char *block;

	thread_hist_counts(t->task, g->us_clock_messages, &plain, &sign);
	plain_b = plain * sizeof(struct rhist);
	sign_b = sign * sizeof(struct rshist);
	pool_b = plain || sign ? rhist_pool_bytes(plain + 2 * sign) : 0;
	if (!ring && !pool_b)
		return 0;
	block = engine_shm_alloc_aligned(e, ring + plain_b + sign_b + pool_b,
					 page, cap ? ring - sizeof(struct log_row)
						   : 0);
	if (!block)
		return -1;
	if (cap)
		ring_init(&t->ring, (struct log_row *)block, cap);
	if (pool_b) {
		engine_assign_hists(e, t, (struct rhist *)(block + ring),
				    (struct rshist *)(block + ring + plain_b));
		t->stats.hists = (struct rhist_pool *)(block + ring + plain_b +
						       sign_b);
	}
	return 0;
}

/*
 * Name and buffers of one thread; forks come here at run time. Main only
 * places its statistics: the thread writes their headers, and makes them
 * resident, as it sets itself up (thread.c), while main creates the
 * others. Main writing them cost 40 us a thread at 10000 threads (each
 * first write to a page), before any thread was created.
 */
static int engine_init_thread(struct engine *e, struct thread *t,
			      const struct task *task, pid_t home)
{
	const struct globals *g = &e->w->g;
	char id[32];

	t->eng = e;
	t->task = task;
	t->home = home; /* the caller's getpid(): a system call each */
	t->own_process = task->mode == MODE_PROCESS && !t->forked;
	t->initial_cpus = e->initial_cpus;
	/* Created by main (or forked from it, a process instance), it runs
	 * on main's CPUs: its first phase need not set them again. A fork
	 * event's thread has its creator's, which may differ. */
	if (!t->forked && t->initial_cpus.n)
		t->cur_cpus = &t->initial_cpus;
	t->break_at_ns = latency_break_at_ns(e);
	t->cumulative_slack = g->cumulative_slack;
	engine_thread_id(t, id, sizeof(id));
	/* comm is 15 bytes: a long task name is cut, the index kept. */
	int room = 15 - 1 - (int)strlen(id);

	snprintf(t->name, sizeof(t->name), "%.*s-%.16s", room > 0 ? room : 0,
		 task->name, id);
	t->unique_timers = calloc((size_t)e->w->n_unique_timers + 1,
				  sizeof(*t->unique_timers));
	/* Statistics main reads: in the shared region (process instances). */
	if (engine_place_stats(e, t))
		return -1;
	if (e2e_wanted(task) &&
	    !(t->stats.e2e = engine_shm_alloc(e, sizeof(struct e2e_stats))))
		return -1;
	if ((t->stats.n_locks = thread_locks_count(task))) {
		t->stats.locks = engine_shm_alloc(e, t->stats.n_locks *
						      sizeof(*t->stats.locks));
		if (!t->stats.locks)
			return -1;
		thread_locks_init(t->stats.locks, task);
	}
	if (task->samples &&
	    !(t->stats.samples = engine_shm_alloc(e, samples_bytes())))
		return -1;
	if (e->opt->trace_json) {
		uint64_t n = trace_slices(e->opt->trace_slices);
		void *m = engine_shm_alloc(e, trace_ring_bytes(n));

		if (!m)
			return -1;
		t->trace = trace_ring_init(m, n);
	}
	if (!t->unique_timers || thread_states_init(t)) {
		fprintf(stderr, "mimic: out of memory\n");
		return -1;
	}
	return 0;
}

static int engine_count(const struct engine *e)
{
	return atomic_load_explicit(&e->n_threads, memory_order_acquire);
}

/* The rows of one pop, formatted, written by one fwrite (the stream is
 * unbuffered: one write(2)); false when it failed. */
static bool engine_write_rows(const struct engine *e, FILE *f, int idx,
			      const struct log_row *rows, size_t n)
{
	static char text[ENGINE_DRAIN_ROWS * RTAPP_LOG_ROW_MAX];
	size_t len = 0;

	for (size_t r = 0; r < n; r++)
		len += rtapp_log_format(text + len, idx, &rows[r],
					e->t_zero_ns);
	return fwrite(text, 1, len, f) == len;
}

/* Main only (the static buffer above). */
static void engine_drain_logs(struct engine *e)
{
	struct log_row rows[ENGINE_DRAIN_ROWS];

	for (int k = 0, n = engine_count(e); k < n; k++) {
		struct thread *t = &e->threads[k];
		size_t n;
		bool ok = true;

		if (!t->ring.rows)
			continue;
		if (!t->log && (t->log_path || engine_open_log(e, t))) {
			e->write_failed = true;
			continue;
		}
		while ((n = ring_pop(&t->ring, rows, ENGINE_DRAIN_ROWS)) > 0)
			ok &= engine_write_rows(e, t->log, t->idx, rows, n);
		if (!ok && !e->write_failed) {
			fprintf(stderr, "mimic: cannot write %s: %s\n",
				t->log_path, strerror(errno));
			e->write_failed = true;
		}
	}
}

static void engine_close_logs(struct engine *e)
{
	/* Newest first: glibc finds a FILE in its list of open streams from
	 * the newest, so this order keeps 10000 closes linear. */
	for (int k = engine_count(e) - 1; k >= 0; k--) {
		struct thread *t = &e->threads[k];

		if (t->log && fclose(t->log) && !e->write_failed) {
			fprintf(stderr, "mimic: cannot write %s: %s\n",
				t->log_path, strerror(errno));
			e->write_failed = true;
		}
		t->log = NULL;
	}
}

static int engine_make_threads(struct engine *e)
{
	const struct workload *w = e->w;
	int idx = 0;

	e->cap_threads = w->n_threads + w->fork_capacity;
	e->threads = engine_shm_alloc(e, (size_t)e->cap_threads *
					     sizeof(*e->threads));
	if (!e->threads)
		return -1;
	/* Every page of the table is written below: in one call, not a
	 * fault each. */
	madv_populate(e->threads, (size_t)w->n_threads * sizeof(*e->threads));
	for (size_t tk = 0; tk < w->n_tasks; tk++) {
		for (int i = 0; i < w->tasks[tk].instance; i++) {
			struct thread *t = &e->threads[idx];

			t->idx = idx++;
			atomic_store(&e->n_threads, idx);
			if (engine_init_thread(e, t, &w->tasks[tk],
					       e->main_pid))
				return -1;
		}
	}
	return idx && e->threads[0].ring.rows
		       ? engine_open_log(e, &e->threads[0]) : 0;
}

static int engine_make_resources(struct engine *e)
{
	const struct workload *w = e->w;
	char err[256];

	e->io_fd = -1;
	e->res = engine_shm_alloc(e, (w->n_resources + 1) * sizeof(*e->res));
	if (!e->res)
		return -1;
	for (size_t k = 0; k < w->n_resources; k++) {
		size_t bytes = resource_live_size(&w->resources[k]);
		void *state = bytes ? engine_shm_alloc(e, bytes) : NULL;

		if (bytes && !state)
			return -1;
		if (resource_create(&e->res[k], &w->resources[k], &w->g,
				    w->has_processes, state, err,
				    sizeof(err))) {
			fprintf(stderr, "%s: error: %s\n", w->file, err);
			return -1;
		}
	}
	if (ftrace_open(w->g.ftrace, err, sizeof(err))) {
		fprintf(stderr, "%s: error: %s\n", w->file, err);
		return -1;
	}
	latency_break_arm(e); /* after ftrace_open: its marker is shared */
	if (w->g.cpu_dma_latency_us >= 0) {
		int32_t us = (int32_t)w->g.cpu_dma_latency_us;

		/* Held open for the run: the kernel's PM QoS request. */
		e->dma_fd = open("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC);
		if (e->dma_fd < 0 || write(e->dma_fd, &us, sizeof(us)) < 0) {
			fprintf(stderr, "%s: error: global.cpu_dma_latency: "
				"/dev/cpu_dma_latency: %s\n", w->file,
				strerror(errno));
			return -1;
		}
	}
	if (w->uses_io_device) {
		e->io_fd = safe_file_open_device(w->g.io_device,
						 w->g.io_device_overwrite,
						 err, sizeof(err));
		if (e->io_fd < 0) {
			fprintf(stderr, "%s: error: global.io_device: %s: %s\n",
				w->file, w->g.io_device, err);
			return -1;
		}
	}
	return 0;
}

/*
 * Threads left running after a second signal may still use their
 * resources, buffers, the io_device and trace_marker: those stay (a
 * closed fd could be reused by a report file), the process exits soon.
 */
static void engine_free(struct engine *e)
{
	if (e->dma_fd >= 0)
		close(e->dma_fd);
	taskgroup_cleanup();
	if (e->abandoned)
		goto out;
	if (e->res)
		for (size_t k = 0; k < e->w->n_resources; k++)
			resource_destroy(&e->res[k]);
	if (e->io_fd >= 0)
		close(e->io_fd);
	ftrace_close();
	for (int k = 0, n = engine_count(e); k < n; k++) {
		struct thread *t = &e->threads[k];

		if (t->home != e->main_pid)
			continue; /* set up by a process instance, gone with it */
		free(t->unique_timers);
		thread_states_release(t);
	}
	stack_pool_free(&e->stacks); /* every thread joined */
out:
	free(e->initial_cpus.cpus);
}

static void engine_capture_affinity(struct engine *e)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return;
	e->initial_cpus.cpus = calloc((size_t)CPU_COUNT(&set), sizeof(int));
	if (!e->initial_cpus.cpus)
		return;
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set))
			e->initial_cpus.cpus[e->initial_cpus.n++] = c;
}

/* Thread idx's stack: its slot of the pool, or one the C library maps
 * (always in a process instance: the pool is main's, stack_pool.h). */
static void engine_set_stack(const struct engine *e, pthread_attr_t *attr,
			     int idx, pid_t home)
{
	if (e->stacks.base && home == e->main_pid)
		pthread_attr_setstack(attr, stack_pool_stack(&e->stacks,
							     (size_t)idx),
				      e->stacks.size);
	else
		pthread_attr_setstacksize(attr, (size_t)e->w->g.stack_size);
}

/* The top pages of the initial threads' stacks resident; a process
 * instance runs on its own process's stack, not on a slot. */
static void engine_prefault_stack_tops(struct engine *e)
{
	size_t *slots = calloc((size_t)e->w->n_threads + 1, sizeof(*slots));
	size_t n = 0;

	if (!slots)
		return;
	for (int k = 0; k < e->w->n_threads; k++)
		if (!e->threads[k].own_process)
			slots[n++] = (size_t)k;
	stack_pool_prefault_tops(&e->stacks, slots, n);
	free(slots);
}

/* Joins the threads this process started (main's, or a process
 * instance's forks), including those they fork while being joined;
 * from slot first: a process instance's forks come after the initial
 * threads, and a child reading every slot paid for each page it read
 * (0.8 ms a child of hackbench -P's 160 here, a paravirtualised guest). */
static void engine_join_local(struct engine *e, int first)
{
	const pid_t self = getpid(); /* a system call: once, not per thread */

	for (int k = first; k < engine_count(e); k++) {
		struct thread *t = &e->threads[k];

		if (t->created && !t->joined && !t->own_process &&
		    t->home == self &&
		    (!e->abandoned || atomic_load(&t->finished))) {
			pthread_join(t->pthread, NULL);
			t->joined = true;
		}
	}
}

/* A process instance: the forked copy of main runs one thread's body. */
static _Noreturn void engine_child(struct engine *e, struct thread *t)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != e->main_pid)
		_exit(MIMIC_EXIT_FAILURE);
	/* Set-up ran in main: this process only inherits it. */
	if (e->lock_all)
		mlockall(MCL_CURRENT | MCL_FUTURE); /* not inherited */
	thread_main(t);
	engine_join_local(e, e->w->n_threads);
	_exit(MIMIC_EXIT_OK);
}

static int engine_fork_process(struct engine *e, struct thread *t)
{
	pid_t pid;

	fflush(NULL); /* nothing buffered is written twice */
	atomic_fetch_add(&e->live, 1);
	pid = fork();
	if (pid == 0)
		engine_child(e, t);
	if (pid < 0) {
		atomic_fetch_sub(&e->live, 1);
		return -errno;
	}
	atomic_store(&t->pid, pid);
	return 0;
}

/*
 * Threads are created by two creators, main and a helper, each every
 * other one: at 10000 threads one creator took 0.60-0.80 s and two
 * 0.48-0.62 s (a program creating threads on stacks of one mapping, as
 * here, 2026-12-05); with stacks the C library maps, their mmap and
 * mprotect took the address space's lock for writing and two did not
 * help.
 */
#define ENGINE_CREATORS 2
#define ENGINE_CREATOR_STACK (64 * 1024)

struct engine_creator {
	struct engine *e;
	int first;                /* creates threads first, first + step.. */
	int step;
	atomic_bool *failed;      /* shared: any creator's failure stops all */
	int failed_k;             /* the thread it could not create, or -1 */
	int rc;                   /* -errno of that failure */
};

static void *engine_create_threads(void *arg)
{
	struct engine_creator *c = arg;
	struct engine *e = c->e;
	pthread_attr_t attr;

	pthread_attr_init(&attr);
	for (int k = c->first; k < engine_count(e) && !atomic_load(c->failed);
	     k += c->step) {
		struct thread *t = &e->threads[k];

		if (t->own_process)
			continue;
		atomic_fetch_add(&e->live, 1);
		engine_set_stack(e, &attr, k, e->main_pid);
		c->rc = -pthread_create(&t->pthread, &attr, thread_main, t);
		if (c->rc) {
			atomic_fetch_sub(&e->live, 1);
			c->failed_k = k;
			atomic_store(c->failed, true);
			break;
		}
		t->created = true;
	}
	pthread_attr_destroy(&attr);
	return NULL;
}

/* Process instances first, while main is still single-threaded. */
static int engine_start_threads(struct engine *e, int *created)
{
	struct engine_creator cr[ENGINE_CREATORS];
	pthread_t helper[ENGINE_CREATORS];
	bool helped[ENGINE_CREATORS] = { false };
	atomic_bool failed = false;
	int rc = 0, n = 0, bad = -1;

	atomic_store(&e->live, 0);
	*created = 0;
	for (int k = 0; k < engine_count(e) && !rc; k++) {
		struct thread *t = &e->threads[k];

		if (!t->own_process)
			continue;
		rc = engine_fork_process(e, t);
		if (rc) {
			fprintf(stderr, "mimic: cannot create process %d of %d "
				"(%s): %s\n", k + 1, engine_count(e), t->name,
				strerror(-rc));
			break;
		}
		t->created = true;
		(*created)++;
	}
	if (rc)
		return -1;
	for (int c = 0; c < ENGINE_CREATORS; c++)
		cr[c] = (struct engine_creator){ .e = e, .first = c,
						 .step = ENGINE_CREATORS,
						 .failed = &failed,
						 .failed_k = -1 };
	/* A helper that cannot start: main creates its share after its
	 * own. Its stack small: with lock_pages, every page of it would be
	 * resident (and stay, in the C library's cache of stacks). */
	pthread_attr_t small;

	pthread_attr_init(&small);
	pthread_attr_setstacksize(&small, ENGINE_CREATOR_STACK);
	for (int c = 1; c < ENGINE_CREATORS; c++)
		helped[c] = !pthread_create(&helper[c], &small,
					    engine_create_threads, &cr[c]);
	pthread_attr_destroy(&small);
	engine_create_threads(&cr[0]);
	for (int c = 1; c < ENGINE_CREATORS; c++) {
		if (helped[c])
			pthread_join(helper[c], NULL);
		else
			engine_create_threads(&cr[c]);
	}
	for (int c = 0; c < ENGINE_CREATORS; c++)
		if (cr[c].failed_k >= 0 && (bad < 0 || cr[c].failed_k < bad)) {
			bad = cr[c].failed_k;
			rc = cr[c].rc;
		}
	for (int k = 0; k < engine_count(e); k++)
		n += e->threads[k].created && !e->threads[k].own_process;
	*created += n;
	if (bad >= 0) {
		fprintf(stderr, "mimic: cannot create thread %d of %d (%s): "
			"%s\n", bad + 1, engine_count(e), e->threads[bad].name,
			strerror(-rc));
		return -1;
	}
	return 0;
}

/*
 * Waits until every created thread is at the gate, then opens it: with
 * abort set if anything failed before time zero.
 */
static bool engine_open_gate(struct engine *e, int created, bool abort)
{
	start_gate_wait_all(&e->gate, (uint32_t)created);
	for (int k = 0; k < engine_count(e); k++) {
		struct thread *t = &e->threads[k];
		bool reported = false;

		if (!t->created || !t->setup_error)
			continue;
		/* One message per task, not per instance. */
		for (int j = 0; j < k; j++)
			if (e->threads[j].task == t->task &&
			    e->threads[j].setup_error)
				reported = true;
		if (!reported)
			fprintf(stderr, "%s: error: tasks.%s: %s\n",
				e->w->file, t->task->name, t->setup_msg);
		abort = true;
	}
	e->abort = abort;
	e->t_zero_ns = time_now_ns();
	if (!abort)
		ftrace_main_clock_ref((long long)(e->t_zero_ns / 1000));
	start_gate_open(&e->gate);
	return !abort;
}

/* ENGINE_GATE_LEFT_MS, or less: never past a shorter duration. */
static unsigned engine_gate_left_ms(const struct engine *e)
{
	double dur_ms = e->w->g.duration_s * 1000;

	return dur_ms > 0 && dur_ms < ENGINE_GATE_LEFT_MS
		       ? (unsigned)dur_ms : ENGINE_GATE_LEFT_MS;
}

int engine_fork(struct engine *e, const struct task *task)
{
	struct thread *t;
	pthread_attr_t attr;
	const pid_t home = getpid();
	int idx, rc = -1, no;

	pthread_mutex_lock(&e->fork_lock);
	idx = engine_count(e);
	no = e->forks[task - e->w->tasks]++;
	if (atomic_load(&e->stop) || idx >= e->cap_threads ||
	    no >= task->fork_max)
		goto out;
	t = &e->threads[idx];
	t->idx = idx;
	t->forked = true;
	t->fork_no = no;
	if (engine_init_thread(e, t, task, home)) {
		e->write_failed = true;
		goto out;
	}
	atomic_store(&t->pid, home);
	pthread_attr_init(&attr);
	engine_set_stack(e, &attr, idx, home);
	atomic_fetch_add(&e->live, 1);
	rc = pthread_create(&t->pthread, &attr, thread_main, t);
	pthread_attr_destroy(&attr);
	if (rc) {
		atomic_fetch_sub(&e->live, 1);
		rc = -1;
	} else {
		t->created = true;
	}
	atomic_store_explicit(&e->n_threads, idx + 1, memory_order_release);
out:
	pthread_mutex_unlock(&e->fork_lock);
	return rc;
}

static void engine_kick(struct engine *e)
{
	for (size_t k = 0; k < e->w->n_resources; k++)
		resource_kick(&e->res[k]);
	for (int k = 0, n = engine_count(e); k < n; k++) {
		struct thread *t = &e->threads[k];
		pid_t tid = atomic_load(&t->tid);

		/* By tid: the thread may live in another process. */
		if (tid > 0 && !atomic_load(&t->finished))
			syscall(SYS_tgkill, atomic_load(&t->pid), tid,
				ENGINE_WAKE_SIGNAL);
	}
}

/* The threads of a process that died cannot say they finished. */
static void engine_lost_process(struct engine *e, pid_t pid)
{
	for (int k = 0, n = engine_count(e); k < n; k++) {
		struct thread *t = &e->threads[k];

		if (atomic_load(&t->pid) == pid &&
		    !atomic_exchange(&t->finished, true))
			atomic_fetch_sub(&e->live, 1);
	}
}

static void engine_check_child(struct engine *e, struct thread *t, int st)
{
	t->reaped = true;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return;
	if (!e->child_failed)
		fprintf(stderr, "%s: error: tasks.%s: process %d (%s) %s %d\n",
			e->w->file, t->task->name, (int)atomic_load(&t->pid),
			t->name, WIFSIGNALED(st) ? "killed by signal"
						 : "exited with status",
			WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	e->child_failed = true;
	engine_lost_process(e, atomic_load(&t->pid));
}

/* A finished thread's /proc (engine_read_kernel): a parked thread's, or an
 * exited process instance's before it is reaped (a zombie keeps it). */
static void engine_read_thread_kernel(struct thread *t)
{
	char dir[64];

	if (!t->created || !atomic_load(&t->finished) ||
	    atomic_load(&t->kernel_read))
		return;
	snprintf(dir, sizeof(dir), "/proc/%d/task/%d",
		 (int)atomic_load(&t->pid), (int)atomic_load(&t->tid));
	kstat_read_waits(dir, &t->stats.kernel);
	atomic_store(&t->kernel_read, true);
}

/* The process instance that is pid, or NULL. */
static struct thread *engine_child_thread(struct engine *e, pid_t pid)
{
	for (int k = 0, n = engine_count(e); k < n; k++) {
		struct thread *t = &e->threads[k];

		if (t->own_process && t->created && !t->reaped &&
		    atomic_load(&t->pid) == pid)
			return t;
	}
	return NULL;
}

/* Waits for (or, without block, looks for) an exited child, pid or any
 * (-1): read as a zombie, then reaped. False if there was none. */
static bool engine_reap_child(struct engine *e, pid_t pid, bool block)
{
	siginfo_t si = { 0 };
	struct thread *t;
	int st;

	if (waitid(pid > 0 ? P_PID : P_ALL, pid > 0 ? (id_t)pid : 0, &si,
		   WEXITED | WNOWAIT | (block ? 0 : WNOHANG)) ||
	    si.si_pid <= 0)
		return false;
	t = engine_child_thread(e, si.si_pid);
	if (t)
		engine_read_thread_kernel(t);
	if (waitpid(si.si_pid, &st, 0) != si.si_pid)
		return false;
	if (t)
		engine_check_child(e, t, st);
	return true;
}

/* SIGCHLD: collects process instances that ended. One waitid and one
 * waitpid per child that ended, not one per instance: hackbench -P's 160
 * children made that a system call per child per SIGCHLD. Main has no
 * other children while it runs a workload. */
static void engine_reap(struct engine *e)
{
	while (engine_reap_child(e, -1, false))
		;
}

/* After the stop: every thread joined, every process waited for. */
static void engine_join_all(struct engine *e)
{
	engine_join_local(e, 0);
	for (int k = 0, n = engine_count(e); k < n; k++) {
		struct thread *t = &e->threads[k];

		/* Left running: not waited for (gone with main). */
		if (t->own_process && t->created && !t->reaped)
			engine_reap_child(e, atomic_load(&t->pid),
					  !e->abandoned);
	}
}

static int wait_signal(const sigset_t *set, int64_t ns)
{
	struct timespec ts = time_ts(ns > 0 ? ns : 0);

	return sigtimedwait(set, NULL, &ts);
}

/* Runs until the duration, the end of all loops (unless the whole
 * duration is asked for), a signal or a break (--break-us). */
static void engine_supervise(struct engine *e, const sigset_t *stops)
{
	const double dur = e->w->g.duration_s;
	int64_t deadline = dur > 0 ? e->t_zero_ns + (int64_t)(dur * 1e9)
				   : INT64_MAX;
	bool whole = e->opt->whole_duration && deadline != INT64_MAX;
	struct progress progress;
	struct interval interval;
	bool periodic;

	progress_start(&progress, e);
	interval_start(&interval, e);
	/* Nothing to drain or show: main sleeps to the end (or to the next
	 * --interval block), as a benchmark's main does, rather than take a
	 * CPU from the threads ten times a second. */
	periodic = e->w->g.log_mode != LOG_DISABLED || progress.on;

	while (whole || atomic_load(&e->live) > 0) {
		int64_t now = time_now_ns();
		int64_t wait = periodic ? ENGINE_DRAIN_NS : INT64_MAX;
		int64_t next = interval_next_ns(&interval);
		int sig;

		if (latency_break_seen(e)) {
			e->stopped_by_break = true;
			latency_break_print(e);
			break;
		}
		if (now >= deadline) {
			ftrace_write_shutdown();
			break;
		}
		if (deadline - now < wait)
			wait = deadline - now;
		if (next - now < wait)
			wait = next - now;
		sig = wait_signal(stops, wait);
		if (sig == SIGCHLD) {
			engine_reap(e);
			if (e->child_failed) {
				e->stopped_by_error = true;
				break;
			}
			continue;
		}
		if (sig == ENGINE_DONE_SIGNAL)
			continue; /* the loop condition sees it */
		if (sig > 0) {
			e->stop_signal = sig;
			e->stop_signals = 1;
			break;
		}
		engine_drain_logs(e);
		progress_update(&progress, e);
		interval_update(&interval, e);
	}
	progress_end(&progress);
	interval_end(&interval);
}

/*
 * A stop signal while stopping: the first (when the run ended for another
 * reason) changes nothing; the second cuts the waiting short: threads get
 * ENGINE_GRACE_NS more, then are left running while main writes every
 * report; a third exits at once with the logs flushed (report files are
 * written whole or not at all, so none is left cut).
 */
static void engine_stop_signal(struct engine *e, int sig, int64_t *give_up)
{
	if (++e->stop_signals == 2) {
		e->force_signal = sig;
		*give_up = time_now_ns() + ENGINE_GRACE_NS;
		fprintf(stderr, "mimic: second %s: not waiting for threads "
			"any more; writing the reports (a third signal exits "
			"at once)\n", strsignal(sig));
	} else if (e->stop_signals > 2) {
		fprintf(stderr, "mimic: %s again, exiting now\n",
			strsignal(sig));
		engine_drain_logs(e);
		engine_close_logs(e);
		_exit(128 + sig);
	}
}

static void engine_stop(struct engine *e, const sigset_t *stops)
{
	int64_t give_up = INT64_MAX;
	/* A run kept to its whole duration ends at the shutdown. */
	bool whole = e->opt->whole_duration && e->w->g.duration_s > 0;

	atomic_store(&e->stop, true);
	e->t_end_ns = atomic_load(&e->live) > 0 || whole
			      ? time_now_ns()
			      : atomic_load(&e->t_last_ns);
	while (atomic_load(&e->live) > 0) {
		int sig;

		if (time_now_ns() >= give_up) {
			e->abandoned = true;
			break;
		}
		engine_kick(e);
		sig = wait_signal(stops, ENGINE_KICK_NS);
		if (sig == SIGCHLD)
			engine_reap(e);
		if (sig == ENGINE_DONE_SIGNAL || sig == SIGCHLD)
			continue;
		if (sig > 0)
			engine_stop_signal(e, sig, &give_up);
		engine_drain_logs(e);
	}
}

/*
 * What only /proc has of each finished thread, parked at the finish gate
 * (e->finish), or of a process instance not reaped yet. After the run:
 * threads that read their own /proc files as they ended slowed the
 * threads still running (hackbench -p -T's 160 threads took 6-16 % longer
 * with those reads, a hackbench clone 5-13 %; the reads 65 us of CPU a
 * thread but 4.6-9.4 ms of wall time). A parked thread sleeps, so what
 * main reads is what the thread left. A thread that finishes after main
 * looked reads its own once released.
 */
static void engine_read_kernel(struct engine *e)
{
	for (int k = 0, n = engine_count(e); k < n; k++)
		engine_read_thread_kernel(&e->threads[k]);
}

void engine_wake_main(struct engine *e)
{
	/* To the process: only main, in sigtimedwait, takes it. */
	kill(e->main_pid, ENGINE_DONE_SIGNAL);
}

void engine_thread_done(struct engine *e)
{
	atomic_store(&e->t_last_ns, time_now_ns());
	/* To the process: only main, in sigtimedwait, takes it. */
	if (atomic_fetch_sub(&e->live, 1) == 1)
		kill(e->main_pid, ENGINE_DONE_SIGNAL);
}

/* Virtual size of the shared region; untouched pages cost nothing. */
static size_t engine_shm_size(const struct workload *w,
			      const struct engine_options *opt)
{
	size_t per = ENGINE_SHM_PER_THREAD + sizeof(struct thread), live = 0;

	if (opt->trace_json)
		per += trace_ring_bytes(trace_slices(opt->trace_slices));
	if (w->g.log_mode != LOG_DISABLED)
		per += rtapp_log_ring_bytes(&w->g) + sizeof(struct log_row);
	per += (size_t)sysconf(_SC_PAGESIZE); /* engine_place_stats aligns */
	for (size_t k = 0; k < w->n_tasks; k++)
		if (w->tasks[k].samples) {
			per += samples_bytes(); /* reserved, filled as they come */
			break;
		}
	size_t locks = 0;

	for (size_t k = 0; k < w->n_tasks; k++) {
		size_t n = thread_locks_count(&w->tasks[k]);

		locks = n > locks ? n : locks;
	}
	per += locks * sizeof(struct lock_stats);
	/* Each resource's state, and up to a cache line of alignment. */
	for (size_t k = 0; k < w->n_resources; k++)
		live += resource_live_size(&w->resources[k]) + 64;
	return ENGINE_SHM_BASE +
	       (w->n_resources + 1) * sizeof(struct live_resource) + live +
	       ((size_t)w->n_shared_timers + 1) * sizeof(struct timer_state) +
	       w->n_tasks * sizeof(int) +
	       (size_t)(w->n_threads + w->fork_capacity) * per;
}

/* The gate and the fork lock work across processes. */
static void engine_init_sync(struct engine *e)
{
	pthread_mutexattr_t ma;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&e->fork_lock, &ma);
	pthread_mutexattr_destroy(&ma);
	start_gate_init(&e->gate);
	open_gate_init(&e->finish);
}

static enum run_stop engine_stop_reason(const struct engine *e)
{
	double dur = e->w->g.duration_s;

	if (e->stop_signal)
		return RUN_STOP_SIGNAL;
	if (e->stopped_by_error)
		return RUN_STOP_ERROR;
	if (e->stopped_by_break)
		return RUN_STOP_BREAK;
	/* Stopped at the deadline; 1 ms absorbs the rounding. */
	if (dur > 0 && (double)(e->t_end_ns - e->t_zero_ns) / 1e9 >= dur - 0.001)
		return RUN_STOP_DURATION;
	return RUN_STOP_LOOPS;
}

/* The waiting event t was left in when the run stopped, if any. */
static void engine_result_blocked(const struct thread *t,
				  struct run_thread *rt)
{
	int64_t since = atomic_load_explicit(&t->wait_since_ns,
					     memory_order_relaxed);
	int p = atomic_load_explicit(&t->wait_phase, memory_order_relaxed);
	int e = atomic_load_explicit(&t->wait_event, memory_order_relaxed);

	if (!since || p < 0 || (size_t)p >= t->task->n_phases ||
	    e < 0 || (size_t)e >= t->task->phases[p].n_events)
		return;
	rt->blocked = true;
	rt->blocked_phase = &t->task->phases[p];
	rt->blocked_event = &t->task->phases[p].events[e];
	/* The tick's grain: no earlier than time zero */
	rt->blocked_since_ns = since > t->eng->t_zero_ns ? since
							 : t->eng->t_zero_ns;
}

static void engine_result_thread(const struct thread *t, struct run_thread *rt)
{
	*rt = (struct run_thread){
		.task = t->task,
		.idx = t->idx,
		.name = t->name,
		.log_path = t->log_path,
		.pid = atomic_load(&t->pid),
		.tid = atomic_load(&t->tid),
		.created = t->created,
		.came_home = !t->created || atomic_load(&t->finished),
		.loops_done = atomic_load(&t->finished) && t->loops_done,
		.policy = t->cur_sched.policy,
		.priority = t->cur_sched.priority,
		.attr_msg = t->attr_msg,
		.log_rows_dropped = t->ring.rows ? atomic_load(&t->ring.dropped)
						 : 0,
		.stats = &t->stats,
		.trace = t->trace,
	};
	if (t->created)
		engine_result_blocked(t, rt);
}

/* After the join: what the reports read, pointing into the region. */
static int engine_fill_result(struct engine *e, struct run_result *r)
{
	int n = engine_count(e);
	struct run_thread *rt = calloc((size_t)n + 1, sizeof(*rt));

	if (!rt) {
		fprintf(stderr, "mimic: out of memory\n");
		return -1;
	}
	for (int k = 0; k < n; k++) {
		engine_result_thread(&e->threads[k], &rt[k]);
		r->log_rows_dropped += rt[k].log_rows_dropped;
	}
	r->threads = rt;
	r->n_threads = n;
	r->stop = engine_stop_reason(e);
	r->stop_signal = e->stop_signal;
	r->stop_signals = e->stop_signals;
	r->force_signal = e->force_signal;
	if (latency_break_seen(e))
		r->brk = e->brk;
	r->t_zero_ns = e->t_zero_ns;
	r->t_end_ns = e->t_end_ns;
	return 0;
}

static void engine_go(struct engine *e, const sigset_t *stops,
		      struct run_result *r)
{
	const struct workload *w = e->w;
	int created = 0;
	bool started = false;

	engine_init_sync(e);
	atomic_init(&e->stop, false);
	e->shared_timers = engine_shm_alloc(e, ((size_t)w->n_shared_timers + 1) *
						       sizeof(*e->shared_timers));
	engine_capture_affinity(e);
	e->forks = engine_shm_alloc(e, (w->n_tasks + 1) * sizeof(*e->forks));
	if (!e->shared_timers || !e->forks)
		goto out;
	/* before_start() has checked this machine and made the groups. */
	if (engine_make_resources(e) || engine_open_logdir(e) ||
	    engine_make_threads(e))
		goto out;
	e->lock_all = w->g.lock_pages && workload_is_realtime(w);
	if (e->lock_all && mlockall(MCL_CURRENT | MCL_FUTURE)) {
		fprintf(stderr,
			"%s: error: global.lock_pages: mlockall: %s (set "
			"\"lock_pages\": false, or raise RLIMIT_MEMLOCK)\n",
			w->file, strerror(errno));
		goto out;
	}
	/* The stacks in one mapping (stack_pool.h), for the forks too; not
	 * with every page locked (guard pages are refused there), nor on a
	 * kernel without guard pages: the C library maps each then. */
	if (!e->lock_all)
		stack_pool_init(&e->stacks, (size_t)e->cap_threads,
				(size_t)w->g.stack_size);
	if (e->stacks.base)
		engine_prefault_stack_tops(e);

	if (e->opt->before_start)
		e->opt->before_start(e->opt->arg);
	ftrace_main("start");
	bool ok = engine_start_threads(e, &created) == 0;
	started = engine_open_gate(e, created, !ok);
	if (started) {
		/* The logs not made yet, once every thread is past the
		 * gate: rather than at the first drain, 100 ms on, when
		 * timers of 100 ms (or 50, 20, 10) all expire; and not while
		 * the released threads are first placed on the CPUs, where
		 * main busy on one made most of them start, sleep and wake on
		 * the other (the first timer wake-ups of 500 threads the
		 * slowest, limits.md). */
		start_gate_wait_left(&e->gate, engine_gate_left_ms(e));
		engine_drain_logs(e);
		engine_supervise(e, stops);
	}
	engine_stop(e, stops);
	engine_read_kernel(e);
	open_gate_open(&e->finish);
	/* Forked threads are joined too: none is added once stop is set. */
	engine_join_all(e);
	engine_drain_logs(e);
	engine_close_logs(e);
	ftrace_main("end");
	if (started && !engine_fill_result(e, r))
		r->started = true;
out:
	engine_close_logs(e);
	r->write_failed = e->write_failed;
	r->child_failed = e->child_failed;
	r->logdir_fd = e->logdir_fd; /* the reports' too: engine_release */
	engine_free(e);
}

void engine_run(const struct workload *w, double ns_per_loop,
		const struct engine_options *opt, struct run_result *r)
{
	struct sigaction sa = { .sa_handler = engine_wake_handler };
	struct shm shm;
	struct engine *e;
	sigset_t stops, old;
	int rc;

	*r = (struct run_result){ .w = w, .ns_per_loop = ns_per_loop,
				  .logdir_fd = -1 };
	rc = shm_init(&shm, engine_shm_size(w, opt));
	if (rc) {
		fprintf(stderr, "mimic: cannot map the shared region: %s\n",
			strerror(-rc));
		return;
	}
	e = shm_alloc(&shm, sizeof(*e));
	*e = (struct engine){ .shm = shm, .w = w, .opt = opt,
			      .ns_per_loop = ns_per_loop, .io_fd = -1,
			      .logdir_fd = -1,
			      .dma_fd = -1, .main_pid = getpid() };
	r->engine = e;

	/* Only main takes the stop signals, from before anything is set up
	 * (so cgroups are always removed); threads inherit the mask, and so
	 * do process instances. */
	sigemptyset(&stops);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGTERM);
	sigaddset(&stops, SIGHUP);
	sigaddset(&stops, SIGQUIT);
	sigaddset(&stops, SIGCHLD);
	sigaddset(&stops, ENGINE_DONE_SIGNAL);
	pthread_sigmask(SIG_BLOCK, &stops, &old);
	sigemptyset(&sa.sa_mask);
	sigaction(ENGINE_WAKE_SIGNAL, &sa, NULL); /* no SA_RESTART */
	/* A done signal still pending when the mask is restored is harmless. */
	sigaction(ENGINE_DONE_SIGNAL, &sa, NULL);

	engine_go(e, &stops, r);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void engine_release(struct run_result *r)
{
	struct engine *e = r->engine;
	struct shm shm;

	if (!e)
		return;
	if (r->logdir_fd >= 0)
		close(r->logdir_fd);
	r->logdir_fd = -1;
	for (int k = 0, n = engine_count(e); k < n; k++)
		free(e->threads[k].log_path); /* main's */
	free((void *)r->threads);
	r->threads = NULL;
	r->n_threads = 0;
	r->engine = NULL;
	/* Threads left running still write into the region, and use what
	 * it points to: kept, and shown to LeakSanitizer as live. */
	if (e->abandoned) {
#ifdef __SANITIZE_ADDRESS__
		__lsan_register_root_region(e->shm.base, e->shm.size);
#endif
		return;
	}
	shm = e->shm;
	shm_free(&shm);
}
